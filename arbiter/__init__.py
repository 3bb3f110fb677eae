"""arbiter: Euchre law arbitration under the 1888 Somerset Club code."""

__version__ = "0.1.0"
