// This build's version: a hash of the sources the site is made of (build.py source_version
// writes it into the built copy of this file).  Two devices at a live table must run the same
// build (the referee refuses another: table_other_build).  An unbuilt page is "dev".
export const BUILD = "dev";
