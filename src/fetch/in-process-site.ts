/**
 * A web site that lives in this process (the demo news site): the fetcher answers
 * its host's requests by calling it instead of opening a connection. Its hostnames
 * end in `.invalid`, which DNS never resolves (RFC 6761), so no real site can be
 * shadowed. Everything above the transport — robots.txt, conditional GETs, feed
 * parsing, extraction, analysis — runs as for any other site.
 */
export interface InProcessSite {
  readonly hostname: string;
  respond(request: InProcessRequest): Promise<InProcessResponse>;
}

export interface InProcessRequest {
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
}

export interface InProcessResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer;
}
