-- The repeat check's index holds each
-- insured's identity keys, not every field of every insured.
--
-- application_forms_insureds_idx indexed `insureds` with jsonb_path_ops: one
-- GIN entry per field of each insured (sixteen for a child: name, birthday,
-- sex, school, grade, class, region codes...), written at insert since
-- migration 0019, most of them into the long posting lists of common values.
-- The check reads only three things of a stored insured: the document number,
-- the name and birthday, and whether the person has a mainland number. The
-- generated column unnumbered_insureds (migration 0018) and its own index
-- carried the last of these, at the cost of a jsonpath evaluated on every
-- insert and an expression read back from the catalogue by every statement
-- that inserts a form.
--
-- insured_identity_keys(insureds) gives those keys as text, and one GIN index
-- on it replaces both indexes and the column:
--   'd:' || licenceNo                  every insured with a document number;
--   'n:' || length(name) || ':' || name || '|' || birthday
--                                       every insured with both (the length
--                                       ends the name: no name can run into
--                                       its birthday);
--   'u:' || the same                    the same, for an insured without a
--                                       mainland number: licence type other
--                                       than '0' and no 18-character mainland
--                                       number (migration 0018's rule).
-- The server writes insureds as an array of objects with string fields; any
-- other shape has no keys.
--
-- covered_insured_index keeps its rule and its answers (tests/server/
-- hardening-identity.test.ts and order-locks.test.ts): a person is looked up
-- by the keys 'd:' of their number and, with a name and birthday, 'u:' (a
-- mainland number: only namesakes without one) or 'n:' (no mainland number:
-- every namesake). Both keys are exact for a mainland number; a key 'd:' of
-- another document is rechecked against the document's type (insureds @>
-- document), as the earlier statements compared it.
CREATE OR REPLACE FUNCTION insured_identity_keys(p_insureds jsonb) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v_keys text[] := '{}';
  v_person jsonb;
  v_named text;
BEGIN
  IF jsonb_typeof(p_insureds) <> 'array' THEN
    RETURN v_keys;
  END IF;
  FOR i IN 0 .. jsonb_array_length(p_insureds) - 1 LOOP
    v_person := p_insureds -> i;
    IF jsonb_typeof(v_person -> 'licenceNo') = 'string' THEN
      v_keys := v_keys || ('d:' || (v_person ->> 'licenceNo'));
    END IF;
    IF jsonb_typeof(v_person -> 'name') = 'string' AND jsonb_typeof(v_person -> 'birthday') = 'string' THEN
      v_named := length(v_person ->> 'name') || ':' || (v_person ->> 'name') || '|' || (v_person ->> 'birthday');
      v_keys := v_keys || ('n:' || v_named);
      -- Migration 0018's jsonpath: licenceType != "0" && !(licenceNo like_regex ...), where a missing
      -- licence number is not a mainland number and a licence type that is not a string is no match.
      IF jsonb_typeof(v_person -> 'licenceType') = 'string' AND v_person ->> 'licenceType' <> '0'
        AND (CASE jsonb_typeof(v_person -> 'licenceNo')
          WHEN 'string' THEN (v_person ->> 'licenceNo') !~ '^\s*[0-9]{17}[0-9Xx]\s*$'
          ELSE v_person -> 'licenceNo' IS NULL
        END) THEN
        v_keys := v_keys || ('u:' || v_named);
      END IF;
    END IF;
  END LOOP;
  RETURN v_keys;
END;
$$;
--> statement-breakpoint
DROP INDEX IF EXISTS "application_forms_insureds_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "application_forms_unnumbered_insureds_idx";--> statement-breakpoint
ALTER TABLE "application_forms" DROP COLUMN IF EXISTS "unnumbered_insureds";--> statement-breakpoint
CREATE INDEX "application_forms_insured_keys_idx" ON "application_forms" USING gin (insured_identity_keys("insureds")) WITH (fastupdate = off);
--> statement-breakpoint
-- As migration 0019: the function's own statements take the index whatever the table's size
-- (CREATE OR REPLACE sets the function's settings from its definition).
CREATE OR REPLACE FUNCTION covered_insured_index(
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_now timestamptz, p_live text[], p_except_order bigint DEFAULT NULL
) RETURNS int LANGUAGE plpgsql STABLE SET enable_seqscan = off AS $$
DECLARE
  v_person jsonb;
  v_document jsonb;
  v_named jsonb;
  v_mainland boolean;
  v_exact boolean;
  v_keys text[];
  v_taken boolean;
BEGIN
  IF jsonb_typeof(p_people) <> 'array' THEN
    RETURN NULL;
  END IF;
  FOR i IN 0 .. jsonb_array_length(p_people) - 1 LOOP
    v_person := p_people -> i;
    v_document := v_person -> 'document';
    v_named := CASE WHEN jsonb_typeof(v_person -> 'named') = 'array' THEN v_person -> 'named' END;
    v_mainland := coalesce((v_person ->> 'mainland')::boolean, true);
    -- A document of a number alone (a mainland number) is exactly its key 'd:'.
    v_exact := jsonb_array_length(v_document) = 1 AND (v_document -> 0) - 'licenceNo' = '{}'::jsonb;
    v_keys := ARRAY['d:' || (v_document -> 0 ->> 'licenceNo')];
    IF v_named IS NOT NULL THEN
      v_keys := v_keys || (CASE WHEN v_mainland THEN 'u:' ELSE 'n:' END
        || length(v_named -> 0 ->> 'name') || ':' || (v_named -> 0 ->> 'name') || '|' || (v_named -> 0 ->> 'birthday'));
    END IF;
    SELECT EXISTS (
      SELECT 1 FROM application_forms f JOIN orders o ON o.id = f.order_id
      WHERE insured_identity_keys(f.insureds) && v_keys
        -- A row found by its key 'u:' or 'n:' holds the namesake; by 'd:', the number, of the document's type when it has one.
        AND (v_exact OR f.insureds @> v_document OR (v_named IS NOT NULL AND f.insureds @> v_named))
        AND f.product_code = p_product AND f.start_date < p_end AND f.end_date > p_start AND f.status = ANY (p_live)
        AND (f.status <> 'toBePaid' OR o.pay_deadline IS NULL OR o.pay_deadline > p_now)
        AND (p_except_order IS NULL OR f.order_id <> p_except_order)
    ) INTO v_taken;
    IF v_taken THEN
      RETURN i;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
