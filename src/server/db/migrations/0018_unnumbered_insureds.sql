-- The repeat-insurance check without reading every namesake.
--
-- covered_insured_index (migration 0015) matched a person by name and birthday
-- with `insureds @> named`, then kept the forms where that namesake had no
-- mainland number. For a child with a mainland number (nearly every child),
-- every earlier form of the product insuring a child of the same name and
-- birthday was read and filtered: a common name re-read a growing share of
-- the product's forms on every submission (in the order bench, all 300).
-- unnumbered_insureds holds each form's insureds without a mainland number
-- (the same rule as the check's: licence type other than '0' and no
-- 18-character mainland number), computed by PostgreSQL and GIN-indexed, so
-- such a child's name-and-birthday comparison reads only forms that have a
-- namesake without a number. A person without a mainland number is still
-- compared with every namesake (insureds @> named), as before. The rule is
-- unchanged.
ALTER TABLE "application_forms" ADD COLUMN "unnumbered_insureds" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(insureds, '$[*] ? (@.licenceType != "0" && !(@.licenceNo like_regex "^\\s*[0-9]{17}[0-9Xx]\\s*$"))')) STORED;--> statement-breakpoint
CREATE INDEX "application_forms_unnumbered_insureds_idx" ON "application_forms" USING gin ("unnumbered_insureds" jsonb_path_ops);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION covered_insured_index(
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_now timestamptz, p_live text[], p_except_order bigint DEFAULT NULL
) RETURNS int LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_person jsonb;
  v_document jsonb;
  v_named jsonb;
  v_taken boolean;
  v_index int := 0;
BEGIN
  FOR v_person IN SELECT value FROM jsonb_array_elements(p_people) LOOP
    v_document := v_person->'document';
    v_named := CASE WHEN jsonb_typeof(v_person->'named') = 'array' THEN v_person->'named' END;
    -- One statement per case, each a BitmapOr of GIN scans (a single statement with the cases as OR arms
    -- would, in a generic plan, scan every arm's index whatever the person).
    IF v_named IS NULL THEN
      SELECT EXISTS (
        SELECT 1 FROM application_forms f JOIN orders o ON o.id = f.order_id
        WHERE f.insureds @> v_document
          AND f.product_code = p_product AND f.start_date < p_end AND f.end_date > p_start AND f.status = ANY (p_live)
          AND (f.status <> 'toBePaid' OR o.pay_deadline IS NULL OR o.pay_deadline > p_now)
          AND (p_except_order IS NULL OR f.order_id <> p_except_order)
      ) INTO v_taken;
    ELSIF coalesce((v_person->>'mainland')::boolean, true) THEN
      -- A mainland number: the same number, or a namesake without one.
      SELECT EXISTS (
        SELECT 1 FROM application_forms f JOIN orders o ON o.id = f.order_id
        WHERE (f.insureds @> v_document OR f.unnumbered_insureds @> v_named)
          AND f.product_code = p_product AND f.start_date < p_end AND f.end_date > p_start AND f.status = ANY (p_live)
          AND (f.status <> 'toBePaid' OR o.pay_deadline IS NULL OR o.pay_deadline > p_now)
          AND (p_except_order IS NULL OR f.order_id <> p_except_order)
      ) INTO v_taken;
    ELSE
      -- No mainland number: the same document, or any namesake.
      SELECT EXISTS (
        SELECT 1 FROM application_forms f JOIN orders o ON o.id = f.order_id
        WHERE (f.insureds @> v_document OR f.insureds @> v_named)
          AND f.product_code = p_product AND f.start_date < p_end AND f.end_date > p_start AND f.status = ANY (p_live)
          AND (f.status <> 'toBePaid' OR o.pay_deadline IS NULL OR o.pay_deadline > p_now)
          AND (p_except_order IS NULL OR f.order_id <> p_except_order)
      ) INTO v_taken;
    END IF;
    IF v_taken THEN
      RETURN v_index;
    END IF;
    v_index := v_index + 1;
  END LOOP;
  RETURN NULL;
END;
$$;
