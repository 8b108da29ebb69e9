"""What people read, built from the core: the shared table and section helpers of the
sheets (sheets), the story page (story), the order reference (reference) and the referee's
overview of a game (overview). Imports core, files and base."""
