"""Tests of the referee and player tools (issue 3) on real Simple Kingdoms game folders."""
