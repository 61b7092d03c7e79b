-- Issue 41 (docs/bank-statements.md "Accounts", "Balances"): "Stand per" may be unknown until the
-- first statement sets it; the bank's own account number ("Kontonummer") and the statement accounts
-- a person assigned to the account, remembered for the next import.
ALTER TABLE "bank_accounts" ALTER COLUMN "balance_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_number" varchar(34);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "statement_account_ids" text[] DEFAULT '{}'::text[] NOT NULL;
