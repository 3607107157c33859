/**
 * A copy of a piece of a log line that does not keep the line's chunk alive. Slicing a line gives a view of
 * the whole decoded chunk (a megabyte of text) that holds all of it in memory for as long as the piece is kept;
 * what an ingestion keeps until its end (a new row's page, a client's key) is copied out first. Joining a
 * character in front makes V8 build a new string, and slicing it off again leaves a view of that small one.
 */
export const detached = (piece: string): string => ` ${piece}`.slice(1);
