import { FetchError } from './fetch-error.js';

/**
 * Parses a URL an outbound fetch may use: http or https, a host, and no userinfo
 * (credentials in a feed URL would be sent to whoever the URL names, and
 * `http://trusted@evil/` is a classic way to mislead a reader of logs).
 */
export function parseFetchUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError('bad_url', raw, `"${raw}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('bad_url', url.href, `${url.href} uses ${url.protocol}; only http and https URLs are fetched`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new FetchError(
      'bad_url',
      redactUserinfo(url),
      `${redactUserinfo(url)} carries a user name or password; credentials in URLs are refused`,
    );
  }
  if (url.hostname === '') throw new FetchError('bad_url', url.href, `${url.href} has no host`);
  url.hash = '';
  return url;
}

/** `hostname:port` with the scheme's default port filled in: the unit of politeness. */
export function hostKey(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

function redactUserinfo(url: URL): string {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}
