-- An order submission's two statements
-- with plans the database keeps.
--
-- A statement sent by the server is parsed and planned on every call (the
-- drivers send unnamed statements): the submission's state read, a join of
-- five tables with five scalar subqueries, took about 8 ms to plan and 1 ms to
-- run on PGlite, and the dynamic EXECUTE inserts of submit_order (migration
-- 0015) were planned on every call too. PL/pgSQL keeps the plan of each static
-- statement of a function for the session (a generic plan once it is no
-- worse than the custom ones), so both move into functions with static SQL.
--
-- order_submission_state: what a submission reads before it writes, in one
-- call: the access token's session check (the user's token version and user
-- code, and whether the session's refresh family was revoked, compared by the
-- server with the token's claims, as isSessionRevoked does), the buyer's own
-- staff record and their manager with the manager's staff record (the sale's
-- attribution), whether the anti-resubmit token is live, the serial's owner
-- and the application a repeat check bound it to, and the order the serial
-- already made (json: {orderCode, userId, amountFen, requestHash,
-- applicationFormCodes}). No row when the user does not exist.
CREATE OR REPLACE FUNCTION order_submission_state(
  p_user_id uuid, p_session_id uuid, p_token text, p_now timestamptz, p_serial text
) RETURNS TABLE (
  s_token_version int, s_user_code text, s_session_revoked boolean,
  s_own_staff jsonb, s_manager_user_id uuid, s_manager_user_code text, s_manager_staff jsonb,
  s_token_live boolean, s_serial_owner uuid, s_checked_hash text, s_previous json
) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.token_version, u.user_code,
    EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = p_session_id AND r.revoked_at IS NOT NULL),
    to_jsonb(own), manager.id, manager.user_code, to_jsonb(manager_staff),
    EXISTS (
      SELECT 1 FROM resub_tokens t
      WHERE t.token = p_token AND t.user_id = p_user_id AND t.used_at IS NULL AND t.expires_at > p_now
    ),
    (SELECT s.user_id FROM serials s WHERE s.serial = p_serial),
    (SELECT s.checked_hash FROM serials s WHERE s.serial = p_serial),
    (
      SELECT json_build_object(
        'orderCode', o.order_code, 'userId', o.user_id, 'amountFen', o.amount_fen, 'requestHash', o.request_hash,
        'applicationFormCodes', (SELECT json_agg(f.application_form_code ORDER BY f.id) FROM application_forms f WHERE f.order_id = o.id)
      )
      FROM orders o WHERE o.idempotent_serial_no = p_serial
    )
  FROM users u
  LEFT JOIN staff_members own ON own.user_id = u.id
  LEFT JOIN customer_managers cm ON cm.user_id = u.id
  LEFT JOIN users manager ON manager.user_code = cm.manager_user_code
  LEFT JOIN staff_members manager_staff ON manager_staff.user_id = manager.id
  WHERE u.id = p_user_id
  LIMIT 1;
END;
$$;--> statement-breakpoint
-- submit_order: as in migration 0015 (the token, the locks, the inserts, the
-- cover check, each a statement of its own), with static inserts: the columns
-- an order submission writes are listed here, so PL/pgSQL keeps their plans.
-- A column listed but left out of the json is NULL (its default for copies,
-- wards, factors and created_at). The server refuses to send a key that is
-- not listed (SUBMITTED_COLUMNS, src/server/orders/orders-repo.ts), and
-- tests/server/submit-order-function.test.ts holds that list to this function
-- and to the schema: a column added to orders or application_forms must be
-- added here (in a new migration) or have a default.
CREATE OR REPLACE FUNCTION submit_order(
  p_token text, p_user_id uuid, p_now timestamptz, p_locks jsonb,
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_live text[],
  p_order jsonb, p_forms jsonb
) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_order_id bigint;
  v_taken int;
BEGIN
  UPDATE resub_tokens SET used_at = p_now
  WHERE token = p_token AND user_id = p_user_id AND used_at IS NULL AND expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  PERFORM count(CASE WHEN l.shared THEN pg_advisory_xact_lock_shared(hashtext(l.key)) ELSE pg_advisory_xact_lock(hashtext(l.key)) END)
  FROM jsonb_to_recordset(p_locks) AS l(key text, shared boolean);

  INSERT INTO orders (order_code, user_id, idempotent_serial_no, request_hash, amount_fen, created_at, pay_deadline)
  SELECT r.order_code, r.user_id, r.idempotent_serial_no, r.request_hash, r.amount_fen, coalesce(r.created_at, now()), r.pay_deadline
  FROM jsonb_populate_record(NULL::orders, p_order) AS r
  RETURNING id INTO v_order_id;

  INSERT INTO application_forms (
    order_id, application_form_code, product_code, product_name, plan_code, plan_name, premium_fen, copies,
    start_date, end_date, holder, insureds, wards, factors, promo_code, promoter_user_id, agent_source,
    reward_rate_bp, renewal, form_terms, created_at
  )
  SELECT v_order_id, r.application_form_code, r.product_code, r.product_name, r.plan_code, r.plan_name, r.premium_fen, coalesce(r.copies, 1),
    r.start_date, r.end_date, r.holder, r.insureds, coalesce(r.wards, '[]'::jsonb), coalesce(r.factors, '{}'::jsonb), r.promo_code,
    r.promoter_user_id, r.agent_source, r.reward_rate_bp, r.renewal, r.form_terms, coalesce(r.created_at, now())
  FROM jsonb_populate_recordset(NULL::application_forms, p_forms) AS r;

  v_taken := covered_insured_index(p_product, p_people, p_start, p_end, p_now, p_live, v_order_id);
  IF v_taken IS NOT NULL THEN
    RAISE EXCEPTION 'an insured is already covered' USING ERRCODE = 'EI409', DETAIL = v_taken::text;
  END IF;
  RETURN v_order_id;
END;
$$;
--> statement-breakpoint
-- submit_plain_order: a plain order in one call. The server composes the
-- order as for a buyer without a staff record or a manager (no promo code, no
-- draft, no renewal, paid online: decided by the server before calling);
-- this checks, in its first statement, what order_submission_state would
-- have told the server: the access token's session is live (token version,
-- user code, family not revoked), the buyer has neither a staff record nor a
-- manager, the serial is the buyer's and bound to no other application, and
-- it made no order yet. When all hold it is submit_order; when any does not it
-- writes nothing and answers -1: the server then takes the two-call path,
-- which reads the state and refuses or attributes as before.
CREATE OR REPLACE FUNCTION submit_plain_order(
  p_session_id uuid, p_token_version int, p_user_code text, p_serial text, p_request_hash text,
  p_token text, p_user_id uuid, p_now timestamptz, p_locks jsonb,
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_live text[],
  p_order jsonb, p_forms jsonb
) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM users u
    WHERE u.id = p_user_id AND u.token_version = p_token_version AND u.user_code = p_user_code
      AND NOT EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.family_id = p_session_id AND r.revoked_at IS NOT NULL)
      AND NOT EXISTS (SELECT 1 FROM staff_members own WHERE own.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM customer_managers cm JOIN users manager ON manager.user_code = cm.manager_user_code WHERE cm.user_id = u.id)
      AND EXISTS (
        SELECT 1 FROM serials s
        WHERE s.serial = p_serial AND s.user_id = u.id AND (s.checked_hash IS NULL OR s.checked_hash = p_request_hash)
      )
      AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.idempotent_serial_no = p_serial)
  ) THEN
    RETURN -1;
  END IF;
  RETURN submit_order(p_token, p_user_id, p_now, p_locks, p_product, p_people, p_start, p_end, p_live, p_order, p_forms);
END;
$$;
