/**
 * Generated from /v1/openapi.json by openapi-typescript: do not edit.
 * Regenerate with `npm run generate:client`.
 */

export interface paths {
    "/admin/v1/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List tenants */
        get: operations["getAdminTenants"];
        put?: never;
        /** Create a tenant (with a default algorithm and a feed and a push scenario) */
        post: operations["postAdminTenants"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a tenant */
        get: operations["getAdminTenantsByTenantId"];
        put?: never;
        post?: never;
        /**
         * Delete a tenant and all of its data (confirm=<its id>)
         * @description Its API keys stop working at once on every node; its users, events, statistics, algorithms, scenarios, push jobs and
         * files, webhook deliveries, usage, models and console members are removed in one transaction. The audit log is kept. Cannot be
         * undone: `confirm` must repeat the tenant id.
         */
        delete: operations["deleteAdminTenantsByTenantId"];
        options?: never;
        head?: never;
        /**
         * Change a tenant (plan, rate, usage cap, anchor day, name)
         * @description Send `usage_cap_credits: null` to remove the cap (pay-as-you-go).
         */
        patch: operations["patchAdminTenantsByTenantId"];
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (never the keys themselves) */
        get: operations["getAdminTenantsByTenantIdApiKeys"];
        put?: never;
        /** Issue an API key (the full key is shown only in this response) */
        post: operations["postAdminTenantsByTenantIdApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key (every node refuses it within 10 seconds) */
        delete: operations["deleteAdminTenantsByTenantIdApiKeysByKeyId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The webhook URL (the secret is never shown again) */
        get: operations["getAdminTenantsByTenantIdWebhook"];
        /** Set the webhook URL; issues a new signing secret, shown only in this response */
        put: operations["putAdminTenantsByTenantIdWebhook"];
        post?: never;
        /** Remove the webhook */
        delete: operations["deleteAdminTenantsByTenantIdWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/webhook/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Webhook deliveries of a tenant, newest first, with every attempt */
        get: operations["getAdminTenantsByTenantIdWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/webhook/deliveries/{delivery_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook delivery with every attempt */
        get: operations["getAdminTenantsByTenantIdWebhookDeliveriesByDeliveryId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/webhook/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a signed webhook.test delivery to the tenant's webhook URL (409 without one; 429 while 5 tests or resends are pending) */
        post: operations["postAdminTenantsByTenantIdWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/webhook/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a new delivery of an earlier delivery's body, under a new id; the earlier one is left unchanged (429 while 5 tests or
         * resends are pending)
         */
        post: operations["postAdminTenantsByTenantIdWebhookDeliveriesByDeliveryIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits and requests per endpoint per day
         * @description Defaults to the current billing cycle. `from` is inclusive, `to` exclusive.
         */
        get: operations["getAdminTenantsByTenantIdUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * DAU, MAU, sessions, impressions, clicks, CTR and push engagement for a date range
         * @description Days are UTC; `from` inclusive (default 29 days before today), `to` exclusive (default tomorrow). Counts include
         * events processed so far (normally under a second behind). With `scenario` or `channel`, active users, impressions, clicks, push
         * clicks and reactions are those of that scenario or channel (events whose tracking token named it); sessions stay the tenant's.
         */
        get: operations["getAdminTenantsByTenantIdMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/algorithms/{algorithm_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an algorithm */
        get: operations["getAdminTenantsByTenantIdAlgorithmsByAlgorithmId"];
        /** Create or replace an algorithm (fields left out take their defaults) */
        put: operations["putAdminTenantsByTenantIdAlgorithmsByAlgorithmId"];
        post?: never;
        /** Delete an unused algorithm */
        delete: operations["deleteAdminTenantsByTenantIdAlgorithmsByAlgorithmId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/algorithm-defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The settings a new algorithm starts from */
        get: operations["getAdminTenantsByTenantIdAlgorithmDefaults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/algorithms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List algorithms */
        get: operations["getAdminTenantsByTenantIdAlgorithms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/scenarios/{scenario}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a scenario */
        get: operations["getAdminTenantsByTenantIdScenariosByScenario"];
        /** Create or replace a scenario, linking it to an algorithm */
        put: operations["putAdminTenantsByTenantIdScenariosByScenario"];
        post?: never;
        /** Delete a scenario */
        delete: operations["deleteAdminTenantsByTenantIdScenariosByScenario"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List scenarios */
        get: operations["getAdminTenantsByTenantIdScenarios"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List experiments, newest first */
        get: operations["getAdminTenantsByTenantIdExperiments"];
        put?: never;
        /** Create an experiment (A/B test of algorithms) on a scenario */
        post: operations["postAdminTenantsByTenantIdExperiments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments/{experiment_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An experiment with its results per variant */
        get: operations["getAdminTenantsByTenantIdExperimentsByExperimentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments/{experiment_id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a draft experiment */
        post: operations["postAdminTenantsByTenantIdExperimentsByExperimentIdStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments/{experiment_id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a running experiment (the scenario serves its own algorithm again) */
        post: operations["postAdminTenantsByTenantIdExperimentsByExperimentIdStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments/{experiment_id}/shares": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the variants' shares (users already assigned stay, unless reassign) */
        put: operations["putAdminTenantsByTenantIdExperimentsByExperimentIdShares"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/experiments/{experiment_id}/promote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Promote a variant: link its algorithm to the scenario and end the experiment */
        post: operations["postAdminTenantsByTenantIdExperimentsByExperimentIdPromote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/scenarios/{scenario}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rank a scenario for a user and area context as the feed would, with each score taken apart; serves nothing */
        get: operations["getAdminTenantsByTenantIdScenariosByScenarioPreview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's collaborative model: version, when trained, and what it learned from */
        get: operations["getAdminTenantsByTenantIdModel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/model/train": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Train the tenant's collaborative model and fit its scenarios' weights now, and wait for it
         * @description Workers train every tenant with new clicks on a schedule (MODEL_TRAIN_INTERVAL_S); this trains one at once, off the
         * HTTP thread. 409 while another training of the tenant runs.
         */
        post: operations["postAdminTenantsByTenantIdModelTrain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/push-jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant's most recent push jobs, newest first (without download URLs) */
        get: operations["getAdminTenantsByTenantIdPushJobs"];
        put?: never;
        /** Create a push job for the tenant, as POST /v1/push-candidates does */
        post: operations["postAdminTenantsByTenantIdPushJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/push-jobs/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One push job; when completed, with a download URL signed now */
        get: operations["getAdminTenantsByTenantIdPushJobsByJobId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/users/{user_id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's recent events, newest first, with cursor pages
         * @description Events sent with this user_id, in the order the service received them, newest first. 404 for a user the tenant does
         * not have (as the user lookup).
         */
        get: operations["getAdminTenantsByTenantIdUsersByUserIdEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search a tenant's users by id prefix and by property, in user_id order */
        get: operations["getAdminTenantsByTenantIdUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user with followed and blocked sources, the 20 most recent reads and sessions */
        get: operations["getAdminTenantsByTenantIdUsersByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List sources */
        get: operations["getAdminSources"];
        put?: never;
        /**
         * Register a licensed source
         * @description Sources are shared by all tenants; each scenario chooses the trust level it requires.
         */
        post: operations["postAdminSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/sources/{source_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a source */
        get: operations["getAdminSourcesBySourceId"];
        put?: never;
        post?: never;
        /** Delete a source and all its contents */
        delete: operations["deleteAdminSourcesBySourceId"];
        options?: never;
        head?: never;
        /** Change a source (trust level after review, name, feed, language, category, active) */
        patch: operations["patchAdminSourcesBySourceId"];
        trace?: never;
    };
    "/admin/v1/sources/{source_id}/crawls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A source's last crawls, newest first (the 20 newest are kept) */
        get: operations["getAdminSourcesBySourceIdCrawls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/sources/{source_id}/crawl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crawl a source now
         * @description With `wait=true`, crawls now and answers with the counts when done (200, also when the crawl failed: see `status`
         * and `error`), and the newest crawls. When another worker is crawling the source, waits for that crawl (up to a minute, else 409)
         * and reports it (`crawled_by: another_worker`). Without it, makes the source due at once and answers 202; a worker crawls it
         * within a second or two.
         */
        post: operations["postAdminSourcesBySourceIdCrawl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/areas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find areas by name (the 駅 suffix is optional, as in feed requests) */
        get: operations["getAdminAreas"];
        /**
         * Import areas: extend the built-in gazetteer or replace it (docs/areas.md)
         * @description The whole list is validated first; a bad entry changes nothing. Each import replaces the previous one.
         */
        put: operations["putAdminAreas"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/areas/{area_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one area */
        get: operations["getAdminAreasByAreaId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/contents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List and search articles, newest first */
        get: operations["getAdminContents"];
        put?: never;
        /** Ingest one article directly (201 when new, 200 when the same URL updated it) */
        post: operations["postAdminContents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/contents/{content_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One article with its analysis, and whether it can be served and why not
         * @description With `tenant_id` and `algorithm_id`, servability is judged by that algorithm; else by the defaults of a new
         * algorithm.
         */
        get: operations["getAdminContentsByContentId"];
        put?: never;
        post?: never;
        /**
         * Delete an article: no feed, push job or GET serves it again
         * @description Its other addresses go with it. A crawl that finds it in its feed again stores it anew: remove it at the source, or
         * lower the source's trust level.
         */
        delete: operations["deleteAdminContentsByContentId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/contents/{content_id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide an article: kept, but no feed, push job or GET /v1/contents serves it until unhidden
         * @description Every node stops serving it within 30 s (this one at once). Unlike a deletion, a crawl that finds it again keeps it
         * hidden. Hiding a hidden article replaces its reason.
         */
        post: operations["postAdminContentsByContentIdHide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/contents/{content_id}/unhide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Serve a hidden article again (where its algorithm allows it)
         * @description Nothing changes for an article that is not hidden.
         */
        post: operations["postAdminContentsByContentIdUnhide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/console-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List console users (never their passwords) */
        get: operations["getAdminConsoleUsers"];
        put?: never;
        /** Create a console user (an operator, or a member of one tenant) */
        post: operations["postAdminConsoleUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/console-users/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a console user; its sessions end at once */
        delete: operations["deleteAdminConsoleUsersByUserId"];
        options?: never;
        head?: never;
        /**
         * Change a console user's role (operator, or member of a tenant)
         * @description Open sessions carry the new role from their next request. 409 for the only operator becoming a member.
         */
        patch: operations["patchAdminConsoleUsersByUserId"];
        trace?: never;
    };
    "/admin/v1/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every admin change, newest first, with who made it */
        get: operations["getAdminAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/tenants/{tenant_id}/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tenant's admin changes, newest first, with who made them */
        get: operations["getAdminTenantsByTenantIdAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Crawl queue, event backlog and lag, push jobs and webhook deliveries waiting, fleet-wide */
        get: operations["getAdminPipeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Log in to the console: sets the session cookie (cf_session, or __Host-cf_session over https) and returns the CSRF token */
        post: operations["postConsoleApiLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The logged-in console user and the session’s CSRF token */
        get: operations["getConsoleApiSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the console session (needs X-CSRF-Token) */
        post: operations["postConsoleApiLogout"];
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
        Tenant: {
            id: string;
            name: string;
            plan: "starter" | "professional" | "enterprise" | "custom";
            /** @description Requests per second allowed by the plan. */
            rate_limit_rps: number;
            usage_cap_credits: null | number;
            billing_anchor_day: number;
            webhook_url: null | string;
            current_cycle: {
                /** Format: date-time */
                starts_at: string;
                /** Format: date-time */
                ends_at: string;
                used_credits: number;
                /** @description Credits the plan includes each cycle; usage beyond them is billed pay-as-you-go. */
                included_credits: number;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ApiKey: {
            key_id: string;
            name: string;
            /** @description The last four characters, to tell keys apart. */
            last4: string;
            /** Format: date-time */
            created_at: string;
            last_used_at: null | string;
            revoked_at: null | string;
        };
        WebhookDelivery: {
            /** @description The delivery id, sent as webhook-id on every attempt. */
            id: string;
            type: string;
            status: "pending" | "delivered" | "failed" | "cancelled";
            attempts: number;
            /** Format: date-time */
            created_at: string;
            finished_at: null | string;
            /** @description When the next attempt is due; null once settled. */
            next_attempt_at: null | string;
            last_status_code: null | number;
            last_error: null | string;
            attempt_log: {
                attempt: number;
                url: string;
                /** Format: date-time */
                started_at: string;
                duration_ms: number;
                /** @description The receiver's HTTP status; null when there was no answer. */
                status_code: null | number;
                /** @description Why the attempt did not count as delivered. */
                error: null | string;
            }[];
        };
        Algorithm: {
            algorithm_id: string;
            config: {
                min_trust_level: number;
                max_age_hours: number;
                freshness_half_life_hours: number;
                weights: {
                    relevance: number;
                    collaborative: number;
                    freshness: number;
                    popularity: number;
                    area: number;
                    follow: number;
                };
                diversity: {
                    lambda: number;
                    max_per_source: number;
                    max_per_category: number;
                };
                exploration: number;
                languages: string[];
                include_categories: string[];
                exclude_categories: string[];
                /**
                 * @description Rank with weights fitted to the impressions and clicks of what this algorithm ranked, per scenario (an
                 * experiment's variants each apart; docs/learning.md); `weights` are the prior and the fallback while data is thin. A
                 * variant of a running experiment ranks with `weights` (it still learns, so a promoted variant starts fitted).
                 */
                learned_weights: boolean;
            };
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Scenario: {
            scenario: string;
            type: "feed" | "push";
            algorithm_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Experiment: {
            experiment_id: string;
            scenario: string;
            name: string;
            status: "draft" | "running" | "stopped";
            variants: {
                name: string;
                algorithm_id: string;
                share: number;
            }[];
            control: string;
            min_users_per_variant: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            started_at: null | string;
            stopped_at: null | string;
            promoted_variant: null | string;
            /** @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes. */
            allocation: "fixed" | "thompson";
            /** @description When the bandit last set the shares. */
            reallocated_at: null | string;
        };
        Source: {
            id: string;
            name: string;
            feed_url: null | string;
            trust_level: number;
            language: null | string;
            category: null | string;
            active: boolean;
            crawl_interval_seconds: number;
            crawl: {
                /**
                 * @description no_feed: nothing to crawl; inactive: switched off; pending: never crawled; ok: last crawl succeeded;
                 * failing: backing off after errors.
                 */
                state: "no_feed" | "inactive" | "pending" | "ok" | "failing";
                last_crawled_at: null | string;
                last_success_at: null | string;
                /** @description Null: due now. */
                next_crawl_at: null | string;
                /** @description Consecutive failed crawls. */
                error_count: number;
                /** @description Why the last crawl failed, or which of its articles failed. */
                last_error: null | string;
                /**
                 * @description The last crawl that stored, updated or failed to fetch an article, or failed: a crawl that finds nothing new
                 * leaves it (GET …/crawls lists every crawl).
                 */
                last_result: null | ({
                    /** @description Articles stored for the first time. */
                    new: number;
                    /** @description Articles changed in the feed and updated in place. */
                    updated: number;
                    /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                    duplicate: number;
                    /** @description Entries already stored and unchanged (no page fetched). */
                    unchanged: number;
                    /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                    failed: number;
                } & {
                    not_modified: boolean;
                    at: null | string;
                });
            };
            /** @description Articles held from this source. */
            articles: number;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        CrawlRecord: {
            /** Format: date-time */
            at: string;
            status: "completed" | "failed";
            /** @description The feed answered 304: nothing changed since the crawl before. */
            not_modified: boolean;
            counts: {
                /** @description Articles stored for the first time. */
                new: number;
                /** @description Articles changed in the feed and updated in place. */
                updated: number;
                /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                duplicate: number;
                /** @description Entries already stored and unchanged (no page fetched). */
                unchanged: number;
                /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                failed: number;
            };
            /** @description Why the crawl failed, or which of its articles failed. */
            error: null | string;
        };
        ArticleSummary: {
            id: string;
            title: string;
            url: string;
            source: {
                id: string;
                name: string;
            };
            category: null | string;
            language: null | string;
            /** Format: date-time */
            published_at: string;
            /** @description When the crawler first saw it in a feed; null when ingested through the API. */
            first_seen_at: null | string;
            has_thumbnail: boolean;
            areas: string[];
            /** @description An operator hid it: never served. */
            hidden: boolean;
        };
        ConsoleUser: {
            id: string;
            email: string;
            role: "operator" | "member";
            /** @description The member’s tenant; null for operators. */
            tenant_id: null | string;
            /** Format: date-time */
            created_at: string;
            last_login_at: null | string;
        };
        AuditEntry: {
            id: string;
            /** Format: date-time */
            at: string;
            /** @description The console user's email, or `operator token`. */
            actor: string;
            actor_role: "operator" | "member";
            tenant_id: null | string;
            method: string;
            /** @description The route pattern: what kind of change. */
            route: string;
            /** @description The path changed, or where a created resource lives. */
            target: string;
            status: number;
            /** @description The request body, passwords and secrets left out; null without one. */
            changes: unknown;
            request_id: string;
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
    getAdminTenants: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenants: components["schemas"]["Tenant"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenants: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    plan: "starter" | "professional" | "enterprise" | "custom";
                    rate_limit_rps?: null | number;
                    usage_cap_credits?: null | number;
                    billing_anchor_day?: number;
                    /**
                     * @description true (the default): the tenant starts with the algorithm `default` and the scenarios `feed` and `push`
                     * using it, so its first feed request works. false: it starts with none.
                     */
                    default_scenarios?: boolean;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        plan: "starter" | "professional" | "enterprise" | "custom";
                        /** @description Requests per second allowed by the plan. */
                        rate_limit_rps: number;
                        usage_cap_credits: null | number;
                        billing_anchor_day: number;
                        webhook_url: null | string;
                        current_cycle: {
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                            used_credits: number;
                            /** @description Credits the plan includes each cycle; usage beyond them is billed pay-as-you-go. */
                            included_credits: number;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        plan: "starter" | "professional" | "enterprise" | "custom";
                        /** @description Requests per second allowed by the plan. */
                        rate_limit_rps: number;
                        usage_cap_credits: null | number;
                        billing_anchor_day: number;
                        webhook_url: null | string;
                        current_cycle: {
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                            used_credits: number;
                            /** @description Credits the plan includes each cycle; usage beyond them is billed pay-as-you-go. */
                            included_credits: number;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminTenantsByTenantId: {
        parameters: {
            query?: {
                /** @description The tenant's id again. */
                confirm?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @description Rows removed per table (tables that had some). */
                        removed: {
                            [key: string]: number;
                        };
                        /** @description Push candidate files removed from the object store (every attempt's). */
                        push_files: number;
                        /** @description What was kept: the audit log. */
                        kept: string[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAdminTenantsByTenantId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    plan?: "starter" | "professional" | "enterprise" | "custom";
                    rate_limit_rps?: null | number;
                    usage_cap_credits?: null | number;
                    billing_anchor_day?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        plan: "starter" | "professional" | "enterprise" | "custom";
                        /** @description Requests per second allowed by the plan. */
                        rate_limit_rps: number;
                        usage_cap_credits: null | number;
                        billing_anchor_day: number;
                        webhook_url: null | string;
                        current_cycle: {
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                            used_credits: number;
                            /** @description Credits the plan includes each cycle; usage beyond them is billed pay-as-you-go. */
                            included_credits: number;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_keys: components["schemas"]["ApiKey"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key_id: string;
                        name: string;
                        /** @description The last four characters, to tell keys apart. */
                        last4: string;
                        /** Format: date-time */
                        created_at: string;
                        last_used_at: null | string;
                        revoked_at: null | string;
                        api_key: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminTenantsByTenantIdApiKeysByKeyId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                key_id: string;
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys/example_key_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/api-keys/example_key_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: null | string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putAdminTenantsByTenantIdWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    url: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        secret: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminTenantsByTenantIdWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                status?: "pending" | "delivered" | "failed" | "cancelled";
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdWebhookDeliveriesByDeliveryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                delivery_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery id, sent as webhook-id on every attempt. */
                        id: string;
                        type: string;
                        status: "pending" | "delivered" | "failed" | "cancelled";
                        attempts: number;
                        /** Format: date-time */
                        created_at: string;
                        finished_at: null | string;
                        /** @description When the next attempt is due; null once settled. */
                        next_attempt_at: null | string;
                        last_status_code: null | number;
                        last_error: null | string;
                        attempt_log: {
                            attempt: number;
                            url: string;
                            /** Format: date-time */
                            started_at: string;
                            duration_ms: number;
                            /** @description The receiver's HTTP status; null when there was no answer. */
                            status_code: null | number;
                            /** @description Why the attempt did not count as delivered. */
                            error: null | string;
                        }[];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdWebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new delivery; follow it at …/webhook/deliveries/{delivery_id}. */
                        delivery_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/test",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/test",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/test",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/test",
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
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/test",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdWebhookDeliveriesByDeliveryIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted */
            202: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new delivery; follow it at …/webhook/deliveries/{delivery_id}. */
                        delivery_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id/resend",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id/resend",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id/resend",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id/resend",
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
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/webhook/deliveries/example_delivery_id/resend",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdUsage: {
        parameters: {
            query?: {
                /** @description UTC day, YYYY-MM-DD. */
                from?: string;
                /** @description UTC day, YYYY-MM-DD. */
                to?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant_id: string;
                        cycle: {
                            /** Format: date-time */
                            starts_at: string;
                            /** Format: date-time */
                            ends_at: string;
                        };
                        usage_cap_credits: null | number;
                        from: string;
                        to: string;
                        total_credits: number;
                        total_requests: number;
                        days: {
                            day: string;
                            endpoint: string;
                            requests: number;
                            credits: number;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/usage",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/usage",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/usage",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdMetrics: {
        parameters: {
            query?: {
                /** @description UTC day, YYYY-MM-DD. */
                from?: string;
                /** @description UTC day, YYYY-MM-DD. */
                to?: string;
                /** @description Only what this scenario served (impressions, clicks, reactions, their users). */
                scenario?: string;
                /** @description Only the feed or only push. */
                channel?: "feed" | "push";
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant_id: string;
                        from: string;
                        to: string;
                        days: {
                            day: string;
                            active_users: number;
                            sessions: number;
                            impressions: number;
                            clicks: number;
                            push_clicks: number;
                        }[];
                        active_users: number;
                        mau: number;
                        sessions: number;
                        avg_session_duration_seconds: number;
                        impressions: number;
                        clicks: number;
                        ctr: number;
                        push_clicks: number;
                        likes: number;
                        dislikes: number;
                        shares: number;
                        /** @description The scenario the counts are limited to; null: all. */
                        scenario: string | null;
                        /** @description The channel the counts are limited to; null: both. */
                        channel: "feed" | "push" | null;
                        /** @description Scenarios with impressions, clicks or reactions in the range: what `scenario` can be. */
                        scenarios: string[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/metrics",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/metrics",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/metrics",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdAlgorithmsByAlgorithmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                algorithm_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        algorithm_id: string;
                        config: {
                            min_trust_level: number;
                            max_age_hours: number;
                            freshness_half_life_hours: number;
                            weights: {
                                relevance: number;
                                collaborative: number;
                                freshness: number;
                                popularity: number;
                                area: number;
                                follow: number;
                            };
                            diversity: {
                                lambda: number;
                                max_per_source: number;
                                max_per_category: number;
                            };
                            exploration: number;
                            languages: string[];
                            include_categories: string[];
                            exclude_categories: string[];
                            /**
                             * @description Rank with weights fitted to the impressions and clicks of what this algorithm ranked, per
                             * scenario (an experiment's variants each apart; docs/learning.md); `weights` are the prior and the fallback
                             * while data is thin. A variant of a running experiment ranks with `weights` (it still learns, so a promoted
                             * variant starts fitted).
                             */
                            learned_weights: boolean;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putAdminTenantsByTenantIdAlgorithmsByAlgorithmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                algorithm_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 0 unreviewed … 3 editorial partner */
                    min_trust_level?: number;
                    max_age_hours?: number;
                    freshness_half_life_hours?: number;
                    weights?: {
                        relevance?: number;
                        collaborative?: number;
                        freshness?: number;
                        popularity?: number;
                        area?: number;
                        follow?: number;
                    };
                    diversity?: {
                        lambda?: number;
                        max_per_source?: number;
                        max_per_category?: number;
                    };
                    exploration?: number;
                    languages?: string[];
                    include_categories?: string[];
                    exclude_categories?: string[];
                    /**
                     * @description Rank with weights fitted to the clicks on what this algorithm ranked, per scenario, outside running
                     * experiments (default true; algorithms saved before it became the default keep their false).
                     */
                    learned_weights?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        algorithm_id: string;
                        config: {
                            min_trust_level: number;
                            max_age_hours: number;
                            freshness_half_life_hours: number;
                            weights: {
                                relevance: number;
                                collaborative: number;
                                freshness: number;
                                popularity: number;
                                area: number;
                                follow: number;
                            };
                            diversity: {
                                lambda: number;
                                max_per_source: number;
                                max_per_category: number;
                            };
                            exploration: number;
                            languages: string[];
                            include_categories: string[];
                            exclude_categories: string[];
                            /**
                             * @description Rank with weights fitted to the impressions and clicks of what this algorithm ranked, per
                             * scenario (an experiment's variants each apart; docs/learning.md); `weights` are the prior and the fallback
                             * while data is thin. A variant of a running experiment ranks with `weights` (it still learns, so a promoted
                             * variant starts fitted).
                             */
                            learned_weights: boolean;
                        };
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminTenantsByTenantIdAlgorithmsByAlgorithmId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                algorithm_id: string;
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms/example_algorithm_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdAlgorithmDefaults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        config: {
                            min_trust_level: number;
                            max_age_hours: number;
                            freshness_half_life_hours: number;
                            weights: {
                                relevance: number;
                                collaborative: number;
                                freshness: number;
                                popularity: number;
                                area: number;
                                follow: number;
                            };
                            diversity: {
                                lambda: number;
                                max_per_source: number;
                                max_per_category: number;
                            };
                            exploration: number;
                            languages: string[];
                            include_categories: string[];
                            exclude_categories: string[];
                            /**
                             * @description Rank with weights fitted to the impressions and clicks of what this algorithm ranked, per
                             * scenario (an experiment's variants each apart; docs/learning.md); `weights` are the prior and the fallback
                             * while data is thin. A variant of a running experiment ranks with `weights` (it still learns, so a promoted
                             * variant starts fitted).
                             */
                            learned_weights: boolean;
                        };
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithm-defaults",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithm-defaults",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdAlgorithms: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        algorithms: components["schemas"]["Algorithm"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/algorithms",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdScenariosByScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                scenario: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scenario: string;
                        type: "feed" | "push";
                        algorithm_id: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putAdminTenantsByTenantIdScenariosByScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                scenario: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    type: "feed" | "push";
                    /** @description Letters, digits, _ . - (max 64). */
                    algorithm_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scenario: string;
                        type: "feed" | "push";
                        algorithm_id: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminTenantsByTenantIdScenariosByScenario: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                /** @description Letters, digits, _ . - (max 64). */
                scenario: string;
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdScenarios: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        scenarios: components["schemas"]["Scenario"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdExperiments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiments: components["schemas"]["Experiment"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdExperiments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Letters, digits, _ . - (max 64). */
                    scenario: string;
                    name?: string;
                    /** @description 2 to 5 variants; shares sum to 1. */
                    variants: {
                        /** @description Letters, digits, _ . - (max 64). */
                        name: string;
                        /** @description Letters, digits, _ . - (max 64). */
                        algorithm_id: string;
                        share: number;
                    }[];
                    /** @description The variant the others are compared with; the first by default. */
                    control?: string;
                    /** @description No winner is called before every variant has this many users (default 1000). */
                    min_users_per_variant?: number;
                    /**
                     * @description Start at once (default), or create a draft.
                     * @default true
                     */
                    start?: boolean;
                    /**
                     * @description fixed (default): the shares stay as set. thompson: a multi-armed bandit moves new users towards the
                     * variant most likely best, every 10 minutes.
                     * @default fixed
                     */
                    allocation?: "fixed" | "thompson";
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment_id: string;
                        scenario: string;
                        name: string;
                        status: "draft" | "running" | "stopped";
                        variants: {
                            name: string;
                            algorithm_id: string;
                            share: number;
                        }[];
                        control: string;
                        min_users_per_variant: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        started_at: null | string;
                        stopped_at: null | string;
                        promoted_variant: null | string;
                        /**
                         * @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.
                         */
                        allocation: "fixed" | "thompson";
                        /** @description When the bandit last set the shares. */
                        reallocated_at: null | string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdExperimentsByExperimentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                experiment_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment_id: string;
                        scenario: string;
                        name: string;
                        status: "draft" | "running" | "stopped";
                        variants: {
                            name: string;
                            algorithm_id: string;
                            share: number;
                        }[];
                        control: string;
                        min_users_per_variant: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        started_at: null | string;
                        stopped_at: null | string;
                        promoted_variant: null | string;
                        /**
                         * @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.
                         */
                        allocation: "fixed" | "thompson";
                        /** @description When the bandit last set the shares. */
                        reallocated_at: null | string;
                        results: {
                            variants: {
                                name: string;
                                algorithm_id: string;
                                share: number;
                                /** @description Users assigned to the variant (served at least once). */
                                users: number;
                                anonymous_sessions: number;
                                impressions: number;
                                clicks: number;
                                clicking_users: number;
                                /** @description Share of users who clicked at least once, Wilson 95 % interval: the decision metric. */
                                conversion: {
                                    rate: number;
                                    low: number;
                                    high: number;
                                };
                                /** @description Clicks per impression, 95 % interval by the delta method over users. */
                                ctr: {
                                    rate: number;
                                    low: number;
                                    high: number;
                                };
                                clicks_per_user: number;
                                mean_dwell_ms: null | number;
                                likes: number;
                                shares: number;
                                feed_requests: number;
                                push_users: number;
                                push_clicks: number;
                                push_engagement: null | number;
                                credits: number;
                                vs_control: null | {
                                    difference: number;
                                    low: number;
                                    high: number;
                                    z: number;
                                    p_value: number;
                                    significant: boolean;
                                };
                            }[];
                            daily: {
                                day: string;
                                variant: string;
                                impressions: number;
                                clicks: number;
                                ctr: null | number;
                            }[];
                            /** @enum {string} */
                            test: "two-proportion z-test on users who clicked, Bonferroni-corrected";
                            alpha: number;
                            sample_size_met: boolean;
                            users_for_10_percent_lift: null | number;
                            winner: null | string;
                        };
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdExperimentsByExperimentIdStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                experiment_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment_id: string;
                        scenario: string;
                        name: string;
                        status: "draft" | "running" | "stopped";
                        variants: {
                            name: string;
                            algorithm_id: string;
                            share: number;
                        }[];
                        control: string;
                        min_users_per_variant: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        started_at: null | string;
                        stopped_at: null | string;
                        promoted_variant: null | string;
                        /**
                         * @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.
                         */
                        allocation: "fixed" | "thompson";
                        /** @description When the bandit last set the shares. */
                        reallocated_at: null | string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/start",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/start",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/start",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdExperimentsByExperimentIdStop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                experiment_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment_id: string;
                        scenario: string;
                        name: string;
                        status: "draft" | "running" | "stopped";
                        variants: {
                            name: string;
                            algorithm_id: string;
                            share: number;
                        }[];
                        control: string;
                        min_users_per_variant: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        started_at: null | string;
                        stopped_at: null | string;
                        promoted_variant: null | string;
                        /**
                         * @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.
                         */
                        allocation: "fixed" | "thompson";
                        /** @description When the bandit last set the shares. */
                        reallocated_at: null | string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/stop",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/stop",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/stop",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putAdminTenantsByTenantIdExperimentsByExperimentIdShares: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                experiment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Every variant by name, summing to 1. */
                    shares: {
                        [key: string]: number;
                    };
                    /**
                     * @description Forget every assignment, so users already assigned are placed again by the new shares.
                     * @default false
                     */
                    reassign?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment_id: string;
                        scenario: string;
                        name: string;
                        status: "draft" | "running" | "stopped";
                        variants: {
                            name: string;
                            algorithm_id: string;
                            share: number;
                        }[];
                        control: string;
                        min_users_per_variant: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        started_at: null | string;
                        stopped_at: null | string;
                        promoted_variant: null | string;
                        /**
                         * @description fixed: the operator sets the shares; thompson: a bandit sets them from the results every 10 minutes.
                         */
                        allocation: "fixed" | "thompson";
                        /** @description When the bandit last set the shares. */
                        reallocated_at: null | string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/shares",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/shares",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/shares",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/shares",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdExperimentsByExperimentIdPromote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
                experiment_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The variant to promote; the called winner by default. */
                    variant?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        experiment: components["schemas"]["Experiment"];
                        scenario: {
                            scenario: string;
                            algorithm_id: string;
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/promote",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/promote",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/promote",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/experiments/example_experiment_id/promote",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdScenariosByScenarioPreview: {
        parameters: {
            query?: {
                user_id?: string;
                /** @description Comma-separated area names (percent-encoded); the 駅 suffix is optional. */
                area_names?: string;
                /** @description Comma-separated gazetteer ids: jp, pref:13, city:13104, station:<id>. Not with area_names. */
                area_ids?: string;
                area_level?: "station" | "city" | "prefecture" | "country";
                /**
                 * @description Rank with this algorithm of the tenant instead of the scenario's, e.g. an experiment variant's, with its own
                 * fitted weights. 400 if there is none.
                 */
                algorithm_id?: string;
                limit?: number;
            };
            header?: never;
            path: {
                tenant_id: string;
                scenario: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            title: string;
                            url: string;
                            source: {
                                id: string;
                                name: string;
                            };
                            category: null | string;
                            /** Format: date-time */
                            published_at: string;
                            score: number;
                            /**
                             * @description Weight × component for each part of the score (docs/ranking.md); they add up to `score`, give or
                             * take rounding.
                             */
                            signals: {
                                relevance: number;
                                /**
                                 * @description What readers who engage like this user engaged with (the tenant's collaborative model; 0 for
                                 * items it has not learned).
                                 */
                                collaborative: number;
                                freshness: number;
                                popularity: number;
                                area: number;
                                follow: number;
                            };
                            /** @description Placed in an exploration slot: a new item the scores alone would not have shown here. */
                            exploration: boolean;
                        }[];
                        meta: {
                            scenario: string;
                            /** @description The algorithm previewed: the scenario's, or the query's algorithm_id. */
                            algorithm_id: string;
                            user: {
                                user_id: null | string;
                                registered: boolean;
                            };
                            /**
                             * @description The areas the ranking boosts: from area_names or area_ids, else the registered user's profile;
                             * each with its prefecture (null for the country).
                             */
                            areas: {
                                id: string;
                                name: string;
                                level: string;
                                prefecture: null | string;
                            }[];
                            /** @description Names or ids that matched no area and were ignored, as in the feed. */
                            ignored_areas: string[];
                            /** @description The weights behind the scores (docs/learning.md, "Weights fitted to outcomes"). */
                            weights: {
                                in_use: {
                                    relevance: number;
                                    collaborative: number;
                                    freshness: number;
                                    popularity: number;
                                    area: number;
                                    follow: number;
                                };
                                /**
                                 * @description fitted: the algorithm has learned_weights and enough clicks on what it ranked in this
                                 * scenario (reason says why not).
                                 */
                                source: "configured" | "fitted";
                                /**
                                 * @description Why these weights rank: fitted; learned_weights_off (the algorithm's switch); not_fitted
                                 * (fewer than 30 clicks or 300 impressions so far); experiment_running (a variant of the scenario's running
                                 * experiment ranks as configured, so the experiment compares the configured weights; its fit goes on, so a
                                 * promoted variant starts learned).
                                 */
                                reason: "fitted" | "learned_weights_off" | "not_fitted" | "experiment_running";
                                configured: {
                                    relevance: number;
                                    collaborative: number;
                                    freshness: number;
                                    popularity: number;
                                    area: number;
                                    follow: number;
                                };
                                /**
                                 * @description Fitted to the last week of impressions and clicks of the items this algorithm ranked in this
                                 * scenario (an experiment's variants each apart); null while data is thin. Shown whether or not the
                                 * algorithm uses them.
                                 */
                                fitted: null | {
                                    weights: {
                                        relevance: number;
                                        collaborative: number;
                                        freshness: number;
                                        popularity: number;
                                        area: number;
                                        follow: number;
                                    };
                                    impressions: number;
                                    clicks: number;
                                    /** Format: date-time */
                                    fitted_at: string;
                                };
                            };
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario/preview",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario/preview",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario/preview",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/scenarios/example_scenario/preview",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant_id: string;
                        /** @description Increases with every training; 0 before the first. */
                        version: number;
                        trained_at: null | string;
                        factors: null | number;
                        /** @description Users with engagement in the training window. */
                        users: number;
                        /** @description Items the model has learned (engaged with in the window). */
                        items: number;
                        /** @description (user, item) entries trained on. */
                        interactions: number;
                        /** @description The training read stopped at its bound of interactions (docs/learning.md). */
                        truncated: boolean;
                        training_ms: number;
                        /** @description A worker is training this tenant now. */
                        training: boolean;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdModelTrain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenant_id: string;
                        version: number;
                        users: number;
                        items: number;
                        interactions: number;
                        truncated: boolean;
                        read_ms: number;
                        train_ms: number;
                        /**
                         * @description Scenarios with weights fitted to their clicks in this run (enough data: 30 clicks, 300 impressions),
                         * each once.
                         */
                        fitted_scenarios: string[];
                        /**
                         * @description What was fitted in this run: weights are fitted per scenario and algorithm, so each variant of an
                         * experiment learns from its own readers (docs/learning.md).
                         */
                        fitted_weights: {
                            scenario: string;
                            algorithm_id: string;
                        }[];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model/train",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model/train",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/model/train",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdPushJobs: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        push_jobs: {
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
                            /**
                             * @description 0.5 per user processed, charged once when the job completes; 0 until then and for a failed job.
                             */
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
                            /** @description From started_at to finished_at; null until the job has finished. */
                            duration_ms: null | number;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminTenantsByTenantIdPushJobs: {
        parameters: {
            query?: never;
            header?: {
                /** @description A retried create with the same key and body returns the same job. */
                "idempotency-key"?: string;
            };
            path: {
                tenant_id: string;
            };
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
                    /** @description The URL of the resource created. */
                    Location: string;
                    /** @description Present when the Idempotency-Key matched an earlier request: the job is the one created then. */
                    "Idempotent-Replayed"?: "true";
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
                        /** @description From started_at to finished_at; null until the job has finished. */
                        duration_ms: null | number;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unprocessable Entity",
                     *       "status": 422,
                     *       "detail": "The push scenario does not exist or is not of type push.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
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
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdPushJobsByJobId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                        /** @description From started_at to finished_at; null until the job has finished. */
                        duration_ms: null | number;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs/example_job_id",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs/example_job_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/push-jobs/example_job_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdUsersByUserIdEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** @description Its place in the event log: later received, higher. */
                            seq: number;
                            type: "session_start" | "login" | "logout" | "impression" | "click" | "return" | "share" | "like" | "dislike";
                            /** Format: date-time */
                            occurred_at: string;
                            /** Format: date-time */
                            received_at: string;
                            session_id: string;
                            content_id: null | string;
                            /** @description The item's title; null without an item, or when it was deleted or hidden since. */
                            title: null | string;
                            channel: null | ("feed" | "push");
                            scenario: null | string;
                            position: null | number;
                            metadata: null | {
                                [key: string]: unknown;
                            };
                            /** @description false while the event processor has not applied it yet (normally under a second). */
                            applied: boolean;
                        }[];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id/events",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id/events",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id/events",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id/events",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdUsers: {
        parameters: {
            query?: {
                /** @description The start of the user id. */
                prefix?: string;
                /** @description Users that have this property. */
                property?: string;
                /** @description With property: equal to this, or a list holding it (compared as text). */
                value?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            user_id: string;
                            properties: {
                                [key: string]: unknown;
                            };
                            /** Format: date-time */
                            created_at: string;
                            last_active_at: null | string;
                        }[];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdUsersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tenant_id: string;
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
                        recent_reads: {
                            content_id: string;
                            /** @description Null when the item has been deleted since. */
                            title: null | string;
                            /** Format: date-time */
                            read_at: string;
                            channel: null | ("feed" | "push");
                        }[];
                        sessions: {
                            session_id: string;
                            /** Format: date-time */
                            started_at: string;
                            /** Format: date-time */
                            last_event_at: string;
                            events: number;
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id",
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
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminSources: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sources: components["schemas"]["Source"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    feed_url?: null | string;
                    /** @description 0 unreviewed, 1 AI-reviewed, 2 human-reviewed, 3 editorial partner. */
                    trust_level: number;
                    language?: null | string;
                    category?: null | string;
                    /** @description How often the feed is polled (default 300). */
                    crawl_interval_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The URL of the resource created. */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        feed_url: null | string;
                        trust_level: number;
                        language: null | string;
                        category: null | string;
                        active: boolean;
                        crawl_interval_seconds: number;
                        crawl: {
                            /**
                             * @description no_feed: nothing to crawl; inactive: switched off; pending: never crawled; ok: last crawl
                             * succeeded; failing: backing off after errors.
                             */
                            state: "no_feed" | "inactive" | "pending" | "ok" | "failing";
                            last_crawled_at: null | string;
                            last_success_at: null | string;
                            /** @description Null: due now. */
                            next_crawl_at: null | string;
                            /** @description Consecutive failed crawls. */
                            error_count: number;
                            /** @description Why the last crawl failed, or which of its articles failed. */
                            last_error: null | string;
                            /**
                             * @description The last crawl that stored, updated or failed to fetch an article, or failed: a crawl that finds
                             * nothing new leaves it (GET …/crawls lists every crawl).
                             */
                            last_result: null | ({
                                /** @description Articles stored for the first time. */
                                new: number;
                                /** @description Articles changed in the feed and updated in place. */
                                updated: number;
                                /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                                duplicate: number;
                                /** @description Entries already stored and unchanged (no page fetched). */
                                unchanged: number;
                                /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                                failed: number;
                            } & {
                                not_modified: boolean;
                                at: null | string;
                            });
                        };
                        /** @description Articles held from this source. */
                        articles: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/sources",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminSourcesBySourceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                source_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        feed_url: null | string;
                        trust_level: number;
                        language: null | string;
                        category: null | string;
                        active: boolean;
                        crawl_interval_seconds: number;
                        crawl: {
                            /**
                             * @description no_feed: nothing to crawl; inactive: switched off; pending: never crawled; ok: last crawl
                             * succeeded; failing: backing off after errors.
                             */
                            state: "no_feed" | "inactive" | "pending" | "ok" | "failing";
                            last_crawled_at: null | string;
                            last_success_at: null | string;
                            /** @description Null: due now. */
                            next_crawl_at: null | string;
                            /** @description Consecutive failed crawls. */
                            error_count: number;
                            /** @description Why the last crawl failed, or which of its articles failed. */
                            last_error: null | string;
                            /**
                             * @description The last crawl that stored, updated or failed to fetch an article, or failed: a crawl that finds
                             * nothing new leaves it (GET …/crawls lists every crawl).
                             */
                            last_result: null | ({
                                /** @description Articles stored for the first time. */
                                new: number;
                                /** @description Articles changed in the feed and updated in place. */
                                updated: number;
                                /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                                duplicate: number;
                                /** @description Entries already stored and unchanged (no page fetched). */
                                unchanged: number;
                                /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                                failed: number;
                            } & {
                                not_modified: boolean;
                                at: null | string;
                            });
                        };
                        /** @description Articles held from this source. */
                        articles: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources/example_source_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/sources/example_source_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminSourcesBySourceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources/example_source_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/sources/example_source_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAdminSourcesBySourceId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                source_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    feed_url?: null | string;
                    /** @description 0 unreviewed, 1 AI-reviewed, 2 human-reviewed, 3 editorial partner. */
                    trust_level?: number;
                    language?: null | string;
                    category?: null | string;
                    active?: boolean;
                    /** @description How often the feed is polled (default 300). */
                    crawl_interval_seconds?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        feed_url: null | string;
                        trust_level: number;
                        language: null | string;
                        category: null | string;
                        active: boolean;
                        crawl_interval_seconds: number;
                        crawl: {
                            /**
                             * @description no_feed: nothing to crawl; inactive: switched off; pending: never crawled; ok: last crawl
                             * succeeded; failing: backing off after errors.
                             */
                            state: "no_feed" | "inactive" | "pending" | "ok" | "failing";
                            last_crawled_at: null | string;
                            last_success_at: null | string;
                            /** @description Null: due now. */
                            next_crawl_at: null | string;
                            /** @description Consecutive failed crawls. */
                            error_count: number;
                            /** @description Why the last crawl failed, or which of its articles failed. */
                            last_error: null | string;
                            /**
                             * @description The last crawl that stored, updated or failed to fetch an article, or failed: a crawl that finds
                             * nothing new leaves it (GET …/crawls lists every crawl).
                             */
                            last_result: null | ({
                                /** @description Articles stored for the first time. */
                                new: number;
                                /** @description Articles changed in the feed and updated in place. */
                                updated: number;
                                /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                                duplicate: number;
                                /** @description Entries already stored and unchanged (no page fetched). */
                                unchanged: number;
                                /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                                failed: number;
                            } & {
                                not_modified: boolean;
                                at: null | string;
                            });
                        };
                        /** @description Articles held from this source. */
                        articles: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/sources/example_source_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources/example_source_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/sources/example_source_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminSourcesBySourceIdCrawls: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                source_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        crawls: components["schemas"]["CrawlRecord"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources/example_source_id/crawls",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/sources/example_source_id/crawls",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminSourcesBySourceIdCrawl: {
        parameters: {
            query?: {
                wait?: boolean;
            };
            header?: never;
            path: {
                source_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        source_id: string;
                        status: "completed" | "failed";
                        /** @description The feed answered 304: nothing changed since the last crawl. */
                        not_modified: boolean;
                        counts: {
                            /** @description Articles stored for the first time. */
                            new: number;
                            /** @description Articles changed in the feed and updated in place. */
                            updated: number;
                            /** @description Entries recognised as an article already held (same URL or near-duplicate text). */
                            duplicate: number;
                            /** @description Entries already stored and unchanged (no page fetched). */
                            unchanged: number;
                            /** @description Entries whose page could not be fetched or used; retried on later crawls. */
                            failed: number;
                        };
                        error: null | string;
                        next_crawl_at: null | string;
                        /** @description another_worker: a worker was crawling the source when asked; this is that crawl, waited for. */
                        crawled_by: "this_request" | "another_worker";
                        /** @description The newest crawls of the source, this one first. */
                        recent_crawls: components["schemas"]["CrawlRecord"][];
                    };
                };
            };
            /** @description Accepted */
            202: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        source_id: string;
                        /** @enum {string} */
                        status: "scheduled";
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/sources/example_source_id/crawl",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/sources/example_source_id/crawl",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/sources/example_source_id/crawl",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/sources/example_source_id/crawl",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminAreas: {
        parameters: {
            query: {
                name: string;
                level?: "country" | "prefecture" | "city" | "station";
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        areas: {
                            id: string;
                            name: string;
                            level: "country" | "prefecture" | "city" | "station";
                            parent_id: null | string;
                            lat: null | number;
                            lng: null | number;
                            aliases: string[];
                            /** @description Nearest first, ending with the country. */
                            ancestors: {
                                id: string;
                                name: string;
                                level: "country" | "prefecture" | "city" | "station";
                            }[];
                        }[];
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/areas",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/areas",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putAdminAreas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mode: "extend" | "replace";
                    areas: {
                        id: string;
                        name: string;
                        level: "country" | "prefecture" | "city" | "station";
                        parent_id: null | string;
                        lat?: null | number;
                        lng?: null | number;
                        aliases?: string[];
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mode: string;
                        imported: number;
                        /** @description Areas in the gazetteer now. */
                        areas: number;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/areas",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/areas",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Payload Too Large",
                     *       "status": 413,
                     *       "detail": "The request body is larger than the limit of 1048576 bytes.",
                     *       "instance": "/admin/v1/areas",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminAreasByAreaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                area_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        level: "country" | "prefecture" | "city" | "station";
                        parent_id: null | string;
                        lat: null | number;
                        lng: null | number;
                        aliases: string[];
                        /** @description Nearest first, ending with the country. */
                        ancestors: {
                            id: string;
                            name: string;
                            level: "country" | "prefecture" | "city" | "station";
                        }[];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/areas/example_area_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/areas/example_area_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminContents: {
        parameters: {
            query?: {
                source_id?: string;
                category?: string;
                language?: string;
                /** @description Articles about this area or a place inside it (jp, pref:13, city:13104, station:…). */
                area_id?: string;
                /** @description Published at or after. */
                from?: string;
                /** @description Published before. */
                to?: string;
                /** @description Words of the title, all of them. */
                q?: string;
                /** @description true: only hidden articles; false: only the others. Both when left out. */
                hidden?: boolean;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contents: components["schemas"]["ArticleSummary"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/contents",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminContents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    source_id: string;
                    /** Format: uri */
                    url: string;
                    title: string;
                    body?: string;
                    summary?: string;
                    /** Format: date-time */
                    published_at: string;
                    /** Format: uri */
                    thumbnail_url?: string;
                    thumbnail_width?: number;
                    thumbnail_height?: number;
                    category?: string;
                    language?: string;
                    areas?: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
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
                        /**
                         * @description feed: the given category; source: the source's; classifier: learned from labelled articles (`other`
                         * when unsure). docs/analysis.md.
                         */
                        category_source: null | ("feed" | "source" | "classifier");
                    };
                };
            };
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The URL of the resource created. */
                    Location: string;
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
                        /**
                         * @description feed: the given category; source: the source's; classifier: learned from labelled articles (`other`
                         * when unsure). docs/analysis.md.
                         */
                        category_source: null | ("feed" | "source" | "classifier");
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/contents",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminContentsByContentId: {
        parameters: {
            query?: {
                tenant_id?: string;
                algorithm_id?: string;
            };
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        url: string;
                        canonical_url: string;
                        summary: string;
                        source: {
                            id: string;
                            name: string;
                            trust_level: number;
                            active: boolean;
                            feed_url: null | string;
                        };
                        category: null | string;
                        category_source: null | string;
                        language: null | string;
                        keywords: string[];
                        areas: {
                            id: string;
                            name: string;
                            level: string;
                            prefecture: null | string;
                        }[];
                        /**
                         * @description Other addresses recognised as this article (the same page, or near-duplicate text), not stored
                         * again.
                         */
                        duplicate_urls: string[];
                        /** @description The service's signed thumbnail, as the feed serves it. */
                        thumbnail: null | {
                            url: string;
                            width: number;
                            height: number;
                        };
                        /** Format: date-time */
                        published_at: string;
                        first_seen_at: null | string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        embedder: null | string;
                        /**
                         * @description When an operator hid it and why: no feed, push job or GET /v1/contents serves it until it is
                         * unhidden. null when not hidden.
                         */
                        hidden: null | {
                            /** Format: date-time */
                            at: string;
                            reason: string;
                        };
                        /** @description Whether the algorithm asked about (default: the defaults) can serve it. */
                        servable: boolean;
                        not_servable_because: string[];
                        /** @description The algorithm servable was judged with: tenant/algorithm, or `defaults`. */
                        judged_with: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/contents/example_content_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents/example_content_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminContentsByContentId: {
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
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents/example_content_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/contents/example_content_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminContentsByContentIdHide: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                content_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Why, for the other operators (shown with the article). */
                    reason: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /**
                         * @description When an operator hid it and why: no feed, push job or GET /v1/contents serves it until it is
                         * unhidden. null when not hidden.
                         */
                        hidden: null | {
                            /** Format: date-time */
                            at: string;
                            reason: string;
                        };
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/contents/example_content_id/hide",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents/example_content_id/hide",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/contents/example_content_id/hide",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminContentsByContentIdUnhide: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /**
                         * @description When an operator hid it and why: no feed, push job or GET /v1/contents serves it until it is
                         * unhidden. null when not hidden.
                         */
                        hidden: null | {
                            /** Format: date-time */
                            at: string;
                            reason: string;
                        };
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/contents/example_content_id/unhide",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/contents/example_content_id/unhide",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminConsoleUsers: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        console_users: components["schemas"]["ConsoleUser"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/console-users",
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
                     *       "instance": "/admin/v1/console-users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postAdminConsoleUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    password: string;
                    role: "operator" | "member";
                    /** @description Required for a member; not allowed for an operator. */
                    tenant_id?: null | string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        role: "operator" | "member";
                        /** @description The member’s tenant; null for operators. */
                        tenant_id: null | string;
                        /** Format: date-time */
                        created_at: string;
                        last_login_at: null | string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/console-users",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/console-users",
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
                     *       "instance": "/admin/v1/console-users",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/console-users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/console-users",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteAdminConsoleUsersByUserId: {
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
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/console-users/example_user_id",
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
                     *       "instance": "/admin/v1/console-users/example_user_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/console-users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    patchAdminConsoleUsersByUserId: {
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
                    role: "operator" | "member";
                    /** @description Required for a member; not allowed for an operator. */
                    tenant_id?: null | string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        role: "operator" | "member";
                        /** @description The member’s tenant; null for operators. */
                        tenant_id: null | string;
                        /** Format: date-time */
                        created_at: string;
                        last_login_at: null | string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/console-users/example_user_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/console-users/example_user_id",
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
                     *       "instance": "/admin/v1/console-users/example_user_id",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/console-users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Conflict",
                     *       "status": 409,
                     *       "detail": "The resource is in a state that does not allow this request.",
                     *       "instance": "/admin/v1/console-users/example_user_id",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                tenant_id?: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/audit-log",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/audit-log",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminTenantsByTenantIdAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                tenant_id: string;
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/audit-log",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/audit-log",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Not Found",
                     *       "status": 404,
                     *       "detail": "No such resource (or not one of this tenant).",
                     *       "instance": "/admin/v1/tenants/example_tenant_id/audit-log",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAdminPipeline: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description crawl_sources{state} */
                        crawl: {
                            due: number;
                            crawling: number;
                            failing: number;
                        };
                        /** @description events_unprocessed, events_lag_seconds */
                        events: {
                            backlog: number;
                            lag_seconds: number;
                        };
                        /** @description push_jobs_active{status} */
                        push_jobs: {
                            pending: number;
                            processing: number;
                        };
                        /** @description webhook_deliveries_pending */
                        webhooks: {
                            pending: number;
                        };
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/admin/v1/pipeline",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postConsoleApiLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            role: "operator" | "member";
                            /** @description The member’s tenant; null for operators. */
                            tenant_id: null | string;
                        };
                        /** @description Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE of this session. */
                        csrf_token: string;
                    };
                };
            };
            /** @description Bad Request */
            400: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Bad Request",
                     *       "status": 400,
                     *       "detail": "The request is invalid: limit must be <= 100.",
                     *       "instance": "/console/api/login",
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/console/api/login",
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
                     *       "title": "Too Many Requests",
                     *       "status": 429,
                     *       "detail": "The starter plan allows 50 requests per second; retry after 1 s.",
                     *       "instance": "/console/api/login",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getConsoleApiSession: {
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
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            role: "operator" | "member";
                            /** @description The member’s tenant; null for operators. */
                            tenant_id: null | string;
                        };
                        /** @description Send as X-CSRF-Token on every POST, PUT, PATCH and DELETE of this session. */
                        csrf_token: string;
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
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/console/api/session",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    postConsoleApiLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No Content */
            204: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    /** @description The request id (`req_…`), also in problem details and logs: quote it to support. */
                    "X-Request-Id": string;
                    /** @description The scheme to authenticate with. */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "type": "about:blank",
                     *       "title": "Unauthorized",
                     *       "status": 401,
                     *       "detail": "The operator token is not valid.",
                     *       "instance": "/console/api/logout",
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
                     *       "instance": "/console/api/logout",
                     *       "request_id": "req_3f9c2a7d41b84e0c9a6d5e2f1b0c7a98"
                     *     }
                     */
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
