-- A buyer who is staff or has a manager orders in two
-- statements instead of three.
--
-- submit_plain_order (migration 0016) answers -1 when one of its checks does
-- not hold (the buyer is staff or has a manager, the session is gone, the
-- serial is another's or already ordered): the server then read the state
-- (order_submission_state) in a second statement and submitted in a third.
-- submit_plain_order_or_state is that call with the state read in the same
-- statement when it answers -1: json {"orderId": <id or null>} when it ran
-- (null: the anti-resubmit token was not live), or {"state": <the row of
-- order_submission_state as json, null without the user>} when nothing was
-- written. The server decides from that state exactly as from the separate
-- read (refusals, the sale's attribution), then calls submit_order.
CREATE OR REPLACE FUNCTION submit_plain_order_or_state(
  p_session_id uuid, p_token_version int, p_user_code text, p_serial text, p_request_hash text,
  p_token text, p_user_id uuid, p_now timestamptz, p_locks jsonb,
  p_product text, p_people jsonb, p_start timestamptz, p_end timestamptz, p_live text[],
  p_order jsonb, p_forms jsonb
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_order_id bigint;
BEGIN
  v_order_id := submit_plain_order(
    p_session_id, p_token_version, p_user_code, p_serial, p_request_hash, p_token, p_user_id, p_now, p_locks,
    p_product, p_people, p_start, p_end, p_live, p_order, p_forms
  );
  IF v_order_id = -1 THEN
    RETURN jsonb_build_object('state', (
      SELECT to_jsonb(s) FROM order_submission_state(p_user_id, p_session_id, p_token, p_now, p_serial) AS s
    ));
  END IF;
  RETURN jsonb_build_object('orderId', v_order_id);
END;
$$;
