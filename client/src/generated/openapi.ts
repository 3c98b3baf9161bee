/**
 * Generated from /v1/openapi.json by openapi-typescript: do not edit.
 * Regenerate with `npm run generate:client`.
 */

export interface paths {
    "/v1/contents/{content_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one content item */
        get: operations["getContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a content feed for a scenario */
        get: operations["getFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This tenant's credit usage in the current billing cycle (free) */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user with followed and blocked sources */
        get: operations["getUser"];
        /** Create or replace a user (201 created, 200 replaced) */
        put: operations["putUser"];
        post?: never;
        /** Delete a user and everything held about them, permanently */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /** Update only the given properties (null removes one) */
        patch: operations["patchUser"];
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All users of the tenant, in pages (ordered by user_id) */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/sources/{source_id}/follow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** follow a source (idempotent) */
        put: operations["followSource"];
        post?: never;
        /** Unfollow a source (idempotent) */
        delete: operations["unfollowSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{user_id}/sources/{source_id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** block a source (idempotent) */
        put: operations["blockSource"];
        post?: never;
        /** Unblock a source (idempotent) */
        delete: operations["unblockSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send 1–100 behavioural events (202 once durably stored) */
        post: operations["sendEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/push-candidates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a push-candidate job */
        post: operations["createPushJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/push-candidates/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a push-candidate job (and, when completed, a fresh download URL) */
        get: operations["getPushJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Problem details (RFC 9457). */
        Problem: {
            /** @enum {string} */
            type: "about:blank";
            /** @description The status title, for example `Too Many Requests` (402: `Usage Limit Exceeded`). */
            title: string;
            status: number;
            detail: string;
            /** @description The request path. */
            instance: string;
            request_id: string;
            errors?: {
                location: "query" | "body" | "path" | "header";
                name: string;
                message: string;
            }[];
        } & {
            [key: string]: unknown;
        };
        FeedItem: {
            id: string;
            title: string;
            url: string;
            summary: string;
            thumbnail: null | {
                url: string;
                width: number;
                height: number;
            };
            source: {
                id: string;
                name: string;
            };
            category: null | string;
            language: null | string;
            /** Format: date-time */
            published_at: string;
            areas: string[];
            /** @description Ranking score; items are ordered by it within the chain (diversification may place a lower score first). */
            score: number;
            /** @description Opaque; send it back unchanged in events about this item. */
            tracking_token: string;
        };
        UserRecord: {
            user_id: string;
            properties: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            last_active_at: null | string;
        };
        /** session_start event */
        SessionStartEvent: {
            /** @enum {string} */
            type: "session_start";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** login event */
        LoginEvent: {
            /** @enum {string} */
            type: "login";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description `user_attributes` are merged into the user's properties. */
            metadata?: {
                user_attributes?: {
                    area_names?: string[];
                    area_level?: "station" | "city" | "prefecture" | "country";
                    language?: string;
                    interests?: string[];
                    /** Format: date-time */
                    registered_at?: string;
                    gender?: string;
                    birth_year?: number;
                } & {
                    [key: string]: string | number | boolean | string[];
                };
            } & {
                [key: string]: unknown;
            };
        };
        /** logout event */
        LogoutEvent: {
            /** @enum {string} */
            type: "logout";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** impression event */
        ImpressionEvent: {
            /** @enum {string} */
            type: "impression";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** click event */
        ClickEvent: {
            /** @enum {string} */
            type: "click";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** return event */
        ReturnEvent: {
            /** @enum {string} */
            type: "return";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** share event */
        ShareEvent: {
            /** @enum {string} */
            type: "share";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** like event */
        LikeEvent: {
            /** @enum {string} */
            type: "like";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
        /** dislike event */
        DislikeEvent: {
            /** @enum {string} */
            type: "dislike";
            /** @description Any non-empty string; a UUID v4 per app launch is recommended. */
            session_id: string;
            user_id?: string;
            /** @description From the feed item or push candidate, unchanged. */
            tracking_token: string;
            /**
             * Format: date-time
             * @description When it happened (ISO 8601); at most 30 days in the past and 5 minutes in the future.
             */
            occurred_at: string;
            /** @description Free-form: at most 50 keys, 32 levels of nesting and 32 KiB as JSON. */
            metadata?: {
                [key: string]: unknown;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                content_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        url: string;
                        summary: string;
                        thumbnail: null | {
                            url: string;
                            width: number;
                            height: number;
                        };
                        source: {
                            id: string;
                            name: string;
                        };
                        category: null | string;
                        language: null | string;
                        /** Format: date-time */
                        published_at: string;
                        areas: string[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Usage Limit Exceeded */
            402: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Usage Limit Exceeded",
                     *       "status": 402,
                     *       "detail": "The usage cap of 10000 credits for this billing cycle is reached; this request would cost 1 credits.
                     *       Free endpoints keep working; raise or remove the cap to continue.",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFeed: {
        parameters: {
            query: {
                /** @description A feed scenario defined in the console. */
                scenario: string;
                user_id?: string;
                /** @description Comma-separated area names (percent-encoded); the 駅 suffix is optional. */
                area_names?: string;
                /** @description Comma-separated gazetteer ids: jp, pref:13, city:13104, station:<id>. Not with area_names. */
                area_ids?: string;
                area_level?: "station" | "city" | "prefecture" | "country";
                limit?: number;
                /** @description The meta.next_cursor of the previous page, unchanged, with the same query. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["FeedItem"][];
                        meta: {
                            /** @description Null when no further content. */
                            next_cursor: null | string;
                            consumed_credits: number;
                            request_id: string;
                            /**
                             * @description The areas the feed was ranked for: from area_names or area_ids, else the registered user's
                             * profile; each with its prefecture (null for the country).
                             */
                            areas: {
                                id: string;
                                name: string;
                                level: string;
                                prefecture: null | string;
                            }[];
                            /**
                             * @description Names or ids sent (or in the profile) that matched no area and were ignored: a typo, or an
                             * area_level that does not fit. Empty when all were understood.
                             */
                            ignored_areas: string[];
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/feed",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/feed",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Usage Limit Exceeded */
            402: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Usage Limit Exceeded",
                     *       "status": 402,
                     *       "detail": "The usage cap of 10000 credits for this billing cycle is reached; this request would cost 1 credits.
                     *       Free endpoints keep working; raise or remove the cap to continue.",
                     *       "instance": "/v1/feed",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/feed",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/feed",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: "starter" | "professional" | "enterprise" | "custom";
                        rate_limit_rps: number;
                        cycle: {
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                        };
                        used_credits: number;
                        usage_cap_credits: null | number;
                        remaining_credits: null | number;
                    };
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/usage",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/usage",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/usage",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        properties: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        last_active_at: null | string;
                        followed_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                        blocked_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    properties: {
                        area_names?: string[];
                        area_level?: "station" | "city" | "prefecture" | "country";
                        language?: string;
                        interests?: string[];
                        /** Format: date-time */
                        registered_at?: string;
                        gender?: string;
                        birth_year?: number;
                    } & {
                        [key: string]: string | number | boolean | string[];
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        properties: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        last_active_at: null | string;
                        followed_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                        blocked_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description The URL of the resource created. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        properties: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        last_active_at: null | string;
                        followed_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                        blocked_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    properties: {
                        area_names?: null | string[];
                        area_level?: null | "station" | "city" | "prefecture" | "country";
                        language?: null | string;
                        interests?: null | string[];
                        registered_at?: null | string;
                        gender?: null | string;
                        birth_year?: null | number;
                    } & {
                        [key: string]: null | (string | number | boolean | string[]);
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user_id: string;
                        properties: {
                            [key: string]: unknown;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        last_active_at: null | string;
                        followed_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                        blocked_sources: {
                            id: string;
                            name: string;
                            /** Format: date-time */
                            since: string;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["UserRecord"][];
                        meta: {
                            next_cursor: null | string;
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    followSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unfollowSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/follow",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    blockSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unblockSource: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
                source_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/users/example_user_id/sources/example_source_id/block",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sendEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: (components["schemas"]["SessionStartEvent"] | components["schemas"]["LoginEvent"]
                        | components["schemas"]["LogoutEvent"] | components["schemas"]["ImpressionEvent"]
                        | components["schemas"]["ClickEvent"] | components["schemas"]["ReturnEvent"] | components["schemas"]["ShareEvent"]
                        | components["schemas"]["LikeEvent"] | components["schemas"]["DislikeEvent"])[];
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: number;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "Events at index 2 are invalid; nothing from this batch was stored.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "body",
                     *           "name": "events[2].tracking_token",
                     *           "message": "is required for click"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Payload Too Large */
            413: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Payload Too Large",
                     *       "status": 413,
                     *       "detail": "The request body is larger than the limit of 1048576 bytes.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unsupported Media Type */
            415: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unsupported Media Type",
                     *       "status": 415,
                     *       "detail": "The request body must be JSON, sent with Content-Type: application/json.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createPushJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retried create with the same key and body returns the same job. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A push scenario defined in the console. */
                    scenario: string;
                    /** @default 1 */
                    candidates_per_user?: number;
                    /**
                     * @description `all`: every registered user; `active`: users active in the 30 days before creation; `manual`: the users
                     * in `user_ids`.
                     * @default all
                     */
                    target_mode?: "all" | "active" | "manual";
                    /** @description Required with `manual`, only then. Ids that are not registered users are skipped and counted. */
                    user_ids?: string[];
                };
            };
        };
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    /** @description The URL of the resource created. */
                    Location: string;
                    /** @description Present when the Idempotency-Key matched an earlier request: the job is the one created then. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: string;
                        status: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Usage Limit Exceeded */
            402: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Usage Limit Exceeded",
                     *       "status": 402,
                     *       "detail": "The usage cap of 10000 credits for this billing cycle is reached; this request would cost 1 credits.
                     *       Free endpoints keep working; raise or remove the cap to continue.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unprocessable Entity */
            422: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unprocessable Entity",
                     *       "status": 422,
                     *       "detail": "The push scenario does not exist or is not of type push.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/push-candidates",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getPushJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        job_id: string;
                        status: "pending" | "processing" | "completed" | "failed";
                        scenario: string;
                        target_mode: "all" | "active" | "manual";
                        candidates_per_user: number;
                        created_at: string;
                        started_at: string | null;
                        finished_at: string | null;
                        /** @description Target users counted at creation (the reservation is 0.5 credit each). */
                        users_total: number;
                        /** @description Lines written so far (progress while processing). */
                        users_processed: number;
                        /** @description Requested ids that are not registered users, and users deleted before their turn. */
                        users_skipped: number;
                        /** @description 0.5 per user processed, charged once when the job completes; 0 until then and for a failed job. */
                        consumed_credits: number;
                        /**
                         * @description When completed: a signed URL, valid for an hour; each GET signs a new one. Fetch it with a plain
                         * GET.
                         */
                        download_url?: string;
                        download_url_expires_at?: string;
                        error?: {
                            code: string;
                            message: string;
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/v1/push-candidates/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98",
                     *       "errors": [
                     *         {
                     *           "location": "query",
                     *           "name": "limit",
                     *           "message": "must be <= 100"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The API key is malformed, unknown or revoked.",
                     *       "instance": "/v1/push-candidates/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Forbidden */
            403: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Forbidden",
                     *       "status": 403,
                     *       "detail": "Requests with a browser Origin header are refused: call the API from your backend, never from a
                     *       browser or app, so the API key stays secret.",
                     *       "instance": "/v1/push-candidates/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Not Found */
            404: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/v1/push-candidates/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too Many Requests */
            429: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    /** @description Credits this request consumed (0 when free or refused). */
                    "X-Credits-Used": number;
                    /** @description Requests per second the tenant's plan allows. */
                    "X-RateLimit-Limit": number;
                    /** @description Requests left in the current one-second window. */
                    "X-RateLimit-Remaining": number;
                    /** @description Unix time (seconds) when the window resets. */
                    "X-RateLimit-Reset": number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/v1/push-candidates/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
