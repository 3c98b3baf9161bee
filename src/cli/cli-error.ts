/**
 * A failure the person at the terminal can fix, with the fix in its message
 * ("port 8080 is in use: set PORT"): printed as it is, without a stack.
 */
export class CliError extends Error {}
