import { ForecastModel, type ForecastInput } from '@saldopilot/forecast';
import { forgetOnFailure, remembered, touch } from '../../lib/recently-used.js';

/**
 * The forecasts of the most recently read organisations, kept in memory while nothing they are
 * computed from changed (what a forecast reads, and what makes it stale: forecast-inputs.ts).
 * Every write to a table the forecast reads raises the organisation's version of that table
 * (triggers of migration 0006), so a part of the data stamped with the day and the versions of its
 * tables is still right while the stamp is the same. Loading a big
 * organisation takes most of a second and computing 60 months tens of milliseconds; after an edit
 * only the parts read from the edited table are loaded again (an exclusion saved on the Prognose
 * page reloads the exclusions, not 24,000 salary costs), and a part that can refresh itself loads
 * only the rows that changed (a saved cost: the costs of its salary and its neighbours).
 *
 * Each organisation also keeps its forecast model (the engine's ledger of its data): a new result
 * brings it to the current data by taking out and adding again only the changed items. So does
 * each of its most recently read scenarios (the base with its levers applied): an edit of a lever
 * or of the base changes only the rows it reaches (docs/scenarios.md "Speed").
 *
 * Entries hold promises, so that requests arriving while the first one still loads share its work
 * instead of each loading the same rows. A failed load or computation is forgotten, not kept.
 */

/** Organisations kept (least recently read goes first): bounds memory whatever the number of tenants. */
const MAX_ORGANISATIONS = 16;
/**
 * Results kept per organisation: a few month/performance combinations a user switches between, and
 * the input plan vs actual reads (forecasts.service.ts `planInput`).
 */
const MAX_RESULTS = 6;
/** Scenario models kept per organisation: the four scenarios a comparison shows. */
const MAX_SCENARIO_MODELS = 4;

interface Stamped {
  stamp: string;
  /** The stamp of what a refresh starts from (see `part`), when the part can be refreshed. */
  base?: string;
  value: Promise<unknown>;
}

/** How a part's value loaded under another stamp is brought up to date instead of loaded again. */
export interface PartRefresh<T> {
  /** The refresh applies to a value kept under the same base (the day and what it cannot follow). */
  base: string;
  run(previous: T): Promise<T>;
}

interface OrganisationEntry {
  parts: Map<string, Stamped>;
  results: Map<string, Promise<unknown>>;
  /** "day|salaries version" at which the salary schedules were last found up to date. */
  freshSchedules?: string;
  model?: ForecastModel;
  /** The scenarios' models by scenario id (least recently read goes first). */
  scenarioModels?: Map<number, ForecastModel>;
}

export type ForecastCache = ReturnType<typeof createForecastCache>;

export function createForecastCache() {
  const organisations = new Map<number, OrganisationEntry>();

  function entryOf(organisationId: number): OrganisationEntry {
    const entry = organisations.get(organisationId) ?? { parts: new Map(), results: new Map() };
    return touch(organisations, organisationId, entry, MAX_ORGANISATIONS);
  }

  return {
    /**
     * A part of the organisation's data: from memory while its `stamp` is unchanged, else the kept
     * value refreshed when it has the refresh's base, else `load`ed.
     */
    part<T>(
      organisationId: number,
      name: string,
      stamp: string,
      load: () => Promise<T>,
      refresh?: PartRefresh<T>,
    ): Promise<T> {
      const { parts } = entryOf(organisationId);
      const cached = parts.get(name);
      if (cached?.stamp === stamp) return cached.value as Promise<T>;
      const value =
        refresh && cached?.base === refresh.base
          ? (cached.value as Promise<T>).then((previous) => refresh.run(previous))
          : // A native promise: a query builder runs its query on every `then`, so it is adopted once.
            Promise.resolve(load());
      parts.set(name, forgetOnFailure(parts, name, { stamp, base: refresh?.base, value }));
      return value;
    },

    /** A result under a `key` that names everything it depends on (the stamps of all parts included). */
    result<T>(organisationId: number, key: string, compute: () => Promise<T>): Promise<T> {
      return remembered(entryOf(organisationId).results, key, compute, MAX_RESULTS) as Promise<T>;
    },

    /** True when the salary schedules were found up to date at this "day|salaries version" stamp. */
    schedulesFreshAt(organisationId: number, stamp: string): boolean {
      return entryOf(organisationId).freshSchedules === stamp;
    },

    /** Remembers that the salary schedules were up to date at `stamp` (see `schedulesFreshAt`). */
    rememberFreshSchedules(organisationId: number, stamp: string): void {
      entryOf(organisationId).freshSchedules = stamp;
    },

    /**
     * The organisation's forecast model brought to `input`, or built anew when it cannot follow
     * (another day, currency, rates or VAT setting; see ForecastModel.update).
     */
    model(organisationId: number, input: ForecastInput): ForecastModel {
      const entry = entryOf(organisationId);
      const kept = entry.model;
      // Until the update or the build has gone through, no model is kept: one that failed halfway
      // (rows the engine refuses) must not be updated again.
      entry.model = undefined;
      entry.model = kept?.update(input) ? kept : ForecastModel.build(input);
      return entry.model;
    },

    /**
     * The model of a scenario (`input`: the base's input with its levers applied) brought to
     * `input`, or built anew, as `model` does for the base; kept apart from the base's.
     */
    scenarioModel(organisationId: number, scenarioId: number, input: ForecastInput): ForecastModel {
      const entry = entryOf(organisationId);
      const models = (entry.scenarioModels ??= new Map());
      const kept = models.get(scenarioId);
      models.delete(scenarioId);
      const model = kept?.update(input) ? kept : ForecastModel.build(input);
      touch(models, scenarioId, model, MAX_SCENARIO_MODELS);
      return model;
    },
  };
}
