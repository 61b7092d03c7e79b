-- "Zahlungsfrist (Tage)" of the organisation (docs/qr-bills.md "Due date"): a QR-bill whose Swico S1
-- terms name no due date is due the upload day plus these days. 30, the common Swiss term, for all.
ALTER TABLE "organisations" ADD COLUMN "payment_term_days" integer DEFAULT 30 NOT NULL;
