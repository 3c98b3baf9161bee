/** Environment of a test app that crawls fixture sites on loopback, without politeness delays. */
export const CRAWL_ENV = { ALLOW_PRIVATE_NETWORK_FETCH: 'true', CRAWL_HOST_DELAY_MS: '0' };
