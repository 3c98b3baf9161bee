/** SigV4's longest presigned validity (one week), which S3 enforces too. */
export const MAX_EXPIRES_SECONDS = 604_800;

/** Throws a RangeError unless `seconds` is a whole number from 1 to one week. */
export function assertExpiresIn(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRES_SECONDS) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_EXPIRES_SECONDS}, got ${seconds}`);
  }
}
