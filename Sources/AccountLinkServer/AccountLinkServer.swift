// AccountLinkServer: see ../shared/DESIGN.md for what this module owns.
