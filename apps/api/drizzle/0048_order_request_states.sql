-- Commandes' state filter at any size: the states an order's products' requests are in (domain
-- `requestState`), one row per order head and state, in the list's order, so that `?state=failed` walks
-- the failed orders newest first instead of reading every order and its e-mails, lines and reviews.
-- Writes stay cheap and never lock the orders: a change of anything the rule reads (an order's line, its
-- stop or erasure, its request or reminder, a review, a product's draft status) only notes the order as
-- stale (statement triggers below); the app recomputes stale orders (a periodic task, and the state
-- filter itself before it reads), by the rule's one SQL form (`modules/orders/request-states.ts`).
CREATE TABLE "order_request_states" (
	"head_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
	"company_id" uuid NOT NULL,
	"state" text NOT NULL,
	"order_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "order_request_states_head_id_state_pk" PRIMARY KEY("head_id","state")
);--> statement-breakpoint
CREATE INDEX "order_request_states_list_idx" ON "order_request_states" USING btree ("company_id","state","order_date" DESC,"created_at" DESC,"reference" DESC);--> statement-breakpoint
-- The orders (by company and reference: a line names its order so) whose rows above may be out of date.
-- No key: a change appends, whatever else is stale or being recomputed (no lock on anything).
CREATE TABLE "order_request_states_stale" (
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "order_request_states_stale_company_idx" ON "order_request_states_stale" USING btree ("company_id");--> statement-breakpoint
-- A queue: rows come and go by the thousand. Vacuumed and analysed after every thousand changes rather
-- than a fifth of the table, so that "is anything stale?" stays an index probe, not a walk over the
-- dead rows of the last import.
ALTER TABLE "order_request_states_stale" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 1000);--> statement-breakpoint
CREATE FUNCTION order_request_states_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_request_states_stale SELECT DISTINCT company_id, reference FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    -- A head's rows go with it (cascade); another line's order is stale.
    INSERT INTO order_request_states_stale SELECT DISTINCT company_id, reference FROM old_rows WHERE line <> 0;
  ELSE
    INSERT INTO order_request_states_stale
    SELECT DISTINCT x.company_id, x.reference FROM (
      SELECT o.company_id, o.reference FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.company_id, o.reference, o.line, o.product_id, o.email_stop, o.anonymized_at, o.order_date)
        IS DISTINCT FROM (n.company_id, n.reference, n.line, n.product_id, n.email_stop, n.anonymized_at, n.order_date)
      UNION
      SELECT n.company_id, n.reference FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.company_id, o.reference, o.line, o.product_id, o.email_stop, o.anonymized_at, o.order_date)
        IS DISTINCT FROM (n.company_id, n.reference, n.line, n.product_id, n.email_stop, n.anonymized_at, n.order_date)
    ) x;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_request_states_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_orders_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_orders_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_orders_changed();--> statement-breakpoint
-- An order's request or reminder written, its status changed, or removed.
CREATE FUNCTION order_request_states_deliveries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference FROM new_rows d JOIN orders o ON o.id = d.order_id
    WHERE d.kind IN ('request', 'reminder');
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference FROM old_rows d JOIN orders o ON o.id = d.order_id
    WHERE d.kind IN ('request', 'reminder');
  ELSE
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference
    FROM old_rows od JOIN new_rows d ON d.id = od.id JOIN orders o ON o.id = d.order_id
    WHERE d.kind IN ('request', 'reminder')
      AND (od.status, od.kind, od.order_id) IS DISTINCT FROM (d.status, d.kind, d.order_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_request_states_deliveries_insert AFTER INSERT ON email_deliveries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_deliveries_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_deliveries_delete AFTER DELETE ON email_deliveries REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_deliveries_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_deliveries_update AFTER UPDATE ON email_deliveries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_deliveries_changed();--> statement-breakpoint
-- A line's review written, moved or removed.
CREATE FUNCTION order_request_states_reviews_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference FROM new_rows r JOIN orders o ON o.id = r.order_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference FROM old_rows r JOIN orders o ON o.id = r.order_id;
  ELSE
    INSERT INTO order_request_states_stale
    SELECT DISTINCT o.company_id, o.reference
    FROM old_rows r0 JOIN new_rows r ON r.id = r0.id JOIN orders o ON o.id IN (r0.order_id, r.order_id)
    WHERE (r0.order_id, r0.subject) IS DISTINCT FROM (r.order_id, r.subject);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_request_states_reviews_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_reviews_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_reviews_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_reviews_changed();--> statement-breakpoint
CREATE TRIGGER order_request_states_reviews_update AFTER UPDATE ON reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_reviews_changed();--> statement-breakpoint
-- A product becoming a draft or leaving it: every order holding it.
CREATE FUNCTION order_request_states_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_request_states_stale
  SELECT DISTINCT o.company_id, o.reference
  FROM old_rows p0 JOIN new_rows p ON p.id = p0.id JOIN orders o ON o.product_id = p.id
  WHERE (p0.status = 'draft') IS DISTINCT FROM (p.status = 'draft');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_request_states_products_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_request_states_products_changed();--> statement-breakpoint
-- The orders already there: stale, recomputed by the periodic task after the start (the filter reads
-- them by the rule itself until then).
INSERT INTO order_request_states_stale SELECT company_id, reference FROM orders WHERE line = 0;
