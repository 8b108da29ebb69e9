"""Tests of the referee and player tools on real Simple Kingdoms game folders."""
