import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organisationOwned, users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * Scenarios (docs/scenarios.md): what-ifs on top of the live base plan. A scenario holds no copy of
 * any base row, only its levers; `version` rises with every change of it or its levers, so a
 * scenario's forecast is kept per (organisation, scenario, version, the base's stamps).
 */
export const scenarios = pgTable(
  'scenarios',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    color: varchar('color', { length: 7 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('scenarios_organisation_idx').on(table.organisationId)],
);

/**
 * The levers of a scenario in their order (`position` 0, 1, …): `payload` is the lever as sent
 * (`{ type, … }`, the shared contract), `original` the base row a lever targets as it was when the
 * lever was made (promote's three-way check, docs/scenarios.md "Promote"); null for levers that
 * target no existing row.
 */
export const scenarioLevers = pgTable(
  'scenario_levers',
  {
    id: serial('id').primaryKey(),
    organisationId: organisationOwned(),
    scenarioId: integer('scenario_id')
      .notNull()
      .references(() => scenarios.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    original: jsonb('original').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('scenario_levers_scenario_idx').on(table.scenarioId, table.position)],
);
