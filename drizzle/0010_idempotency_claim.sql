-- An idempotent request's start in one round trip (server/http/idempotency.ts): the key's
-- transaction-scoped advisory lock and, only when it was free, the stored answer. The look
-- is a statement of its own inside a VOLATILE function, so it reads with a snapshot taken
-- after the lock was granted: an answer committed by the key's previous holder is seen.
-- (In one plain statement the snapshot would predate the lock, and a request finishing
-- between the two could run twice.) The lock's name is the one the module used before.
CREATE FUNCTION "idempotency_claim"("p_user_id" text, "p_route" text, "p_key" text)
RETURNS TABLE ("locked" boolean, "request_hash" text, "response_status" integer, "response_body" jsonb, "response_headers" jsonb, "completed_at" timestamp with time zone)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtextextended('idempotency' || chr(31) || p_user_id || chr(31) || p_route || chr(31) || p_key, 0)) THEN
    RETURN QUERY SELECT false, NULL::text, NULL::integer, NULL::jsonb, NULL::jsonb, NULL::timestamp with time zone;
    RETURN;
  END IF;
  RETURN QUERY SELECT true, k.request_hash, k.response_status, k.response_body, k.response_headers, k.completed_at
    FROM (SELECT 1) AS one
    LEFT JOIN "idempotency_keys" AS k ON k.user_id = p_user_id AND k.route = p_route AND k.key = p_key;
END
$$;
