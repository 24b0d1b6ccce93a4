/** Builds the client when dist/client is missing or older than client/ and common/; returns the exit status. */
export function buildClientIfStale(): number;
