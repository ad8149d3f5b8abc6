-- An order submission's transaction in one call.
--
-- covered_insured_index: the repeat-insurance rule, written once (the confirm
-- page's check and the submission both call it). The index (0-based) of the
-- first of p_people already insured for p_product by a live application form
-- whose cover overlaps [p_start, p_end), else NULL. Each person is
-- {"document": [<containment object>], "named": [{"name", "birthday"}] | null,
-- "mainland": bool}, as the server builds it (orders-repo.ts, coverPeople):
-- the same document, or the same name and birthday when one of the two has no
-- mainland number (two mainland numbers are two people). An unpaid order past
-- its deadline no longer holds the child. p_except_order: an order left out
-- (the submission's own, inserted just before the check).
CREATE OR REPLACE FUNCTION covered_insured_index(
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_now timestamptz, p_live text[], p_except_order bigint DEFAULT NULL
) RETURNS int LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_person jsonb;
  v_document jsonb;
  v_named jsonb;
  v_index int := 0;
BEGIN
  FOR v_person IN SELECT value FROM jsonb_array_elements(p_people) LOOP
    v_document := v_person->'document';
    v_named := CASE WHEN jsonb_typeof(v_person->'named') = 'array' THEN v_person->'named' END;
    IF EXISTS (
      SELECT 1 FROM application_forms f JOIN orders o ON o.id = f.order_id
      WHERE f.product_code = p_product
        AND (f.insureds @> v_document
          OR (v_named IS NOT NULL AND f.insureds @> v_named
            AND (NOT (v_person->>'mainland')::boolean OR EXISTS (
              SELECT 1 FROM jsonb_array_elements(f.insureds) AS s(p)
              WHERE s.p->>'name' = v_named->0->>'name' AND s.p->>'birthday' = v_named->0->>'birthday'
                AND NOT (s.p->>'licenceType' = '0' OR coalesce(s.p->>'licenceNo', '') ~ '^\s*[0-9]{17}[0-9Xx]\s*$')))))
        AND f.start_date < p_end AND f.end_date > p_start
        AND f.status = ANY (p_live)
        AND (f.status <> 'toBePaid' OR o.pay_deadline IS NULL OR o.pay_deadline > p_now)
        AND (p_except_order IS NULL OR f.order_id <> p_except_order)
    ) THEN
      RETURN v_index;
    END IF;
    v_index := v_index + 1;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- submit_order: the order transaction's statements in one round trip, each a
-- statement of its own inside the function (a VOLATILE function's statements
-- each take a fresh snapshot in READ COMMITTED, so the check after the locks
-- sees what their previous holder committed):
-- 1. spends the anti-resubmit token (a conditional UPDATE: two requests with
--    one token cannot both pass); NULL when it was not live, nothing written;
-- 2. takes the insured people's advisory locks (p_locks: [{"key", "shared"}],
--    sorted by the caller so two orders take them in one order);
-- 3. inserts the order and its application forms (p_order, p_forms: rows as
--    json keyed by column name; a column left out takes its default). A
--    concurrent retry of the serial that committed fails it on the serial's
--    unique key, answered by the caller with that order;
-- 4. checks the cover (covered_insured_index, leaving the new order out):
--    when an insured is taken it raises SQLSTATE 'EI409' with the index as
--    DETAIL, which rolls back the token, the locks and the inserts.
-- Returns the new order's id.
CREATE OR REPLACE FUNCTION submit_order(
  p_token text, p_user_id uuid, p_now timestamptz, p_locks jsonb,
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_live text[],
  p_order jsonb, p_forms jsonb
) RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_order_id bigint;
  v_columns text;
  v_taken int;
BEGIN
  UPDATE resub_tokens SET used_at = p_now
  WHERE token = p_token AND user_id = p_user_id AND used_at IS NULL AND expires_at > p_now;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;

  PERFORM count(CASE WHEN l.shared THEN pg_advisory_xact_lock_shared(hashtext(l.key)) ELSE pg_advisory_xact_lock(hashtext(l.key)) END)
  FROM jsonb_to_recordset(p_locks) AS l(key text, shared boolean);

  SELECT string_agg(quote_ident(k), ', ') INTO v_columns FROM jsonb_object_keys(p_order) AS k;
  EXECUTE format('INSERT INTO orders (%s) SELECT %s FROM jsonb_populate_record(NULL::orders, $1) RETURNING id', v_columns, v_columns)
    INTO v_order_id USING p_order;

  SELECT string_agg(quote_ident(k), ', ') INTO v_columns FROM jsonb_object_keys(p_forms->0) AS k;
  EXECUTE format(
    'INSERT INTO application_forms (order_id, %s) SELECT $2, %s FROM jsonb_populate_recordset(NULL::application_forms, $1)',
    v_columns, v_columns
  ) USING p_forms, v_order_id;

  v_taken := covered_insured_index(p_product, p_people, p_start, p_end, p_now, p_live, v_order_id);
  IF v_taken IS NOT NULL THEN
    RAISE EXCEPTION 'an insured is already covered' USING ERRCODE = 'EI409', DETAIL = v_taken::text;
  END IF;
  RETURN v_order_id;
END;
$$;
