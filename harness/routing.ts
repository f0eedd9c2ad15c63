// What both sides of the local backend serve requests with (the merchant backend, harness/backend/, and PayPal's
// stand-in, harness/paypal/): a request's parts, an answer, and a route. Neither side owns it; each adds its context.
import type { IncomingHttpHeaders } from 'node:http';

export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  type?: string;
  headers?: Record<string, string>;
}

/** A request as a route reads it: lower-case header names, the path's parameters, the body parsed and as it came. */
export interface Request {
  headers: IncomingHttpHeaders;
  url: URL;
  params: Record<string, string>;
  body: Record<string, unknown>;
  /** The body as it arrived: a PayPal webhook's signature covers these bytes. */
  rawBody: string;
}

export interface Route<C extends Request = Request> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path pattern with :params. */
  path: string;
  /** Name used by fault injection and the request log. */
  name: string;
  handler(ctx: C): Promise<Reply> | Reply;
}
