-- Link settings accept https: only (packages/contracts/src/settings.ts). A link stored earlier as http:// would no
-- longer fit its schema and fall back to the default, so it is moved to https:// here (every site members are sent
-- to, WhatsApp's included, answers on https). Anything else that no longer fits falls back to the default.
UPDATE settings
SET value = to_jsonb('https://' || substr(value #>> '{}', 8))
WHERE key IN ('grouplink', 'customer_care', 'public_site_url')
  AND jsonb_typeof(value) = 'string'
  AND value #>> '{}' ILIKE 'http://%';
