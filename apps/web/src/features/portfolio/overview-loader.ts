import { replace, type LoaderFunctionArgs } from 'react-router';
import { pathTo } from '../../config/routes';
import { ensureProfile } from '../../reference-data/profile';
import { switchCurrentOrganisation } from '../../reference-data/organisation-switch';

/**
 * `/overview?org=<id>`, the link of an alert mail (docs/cockpit.md "Alerts"): opens that
 * organisation's Prognose, switching to it first. No question as in the switch menu: following
 * the link of that organisation's mail is the choice. A link to an organisation the user no longer
 * belongs to (the server answers 404) leaves the user on the Übersicht.
 */
export async function overviewLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const id = Number(new URL(request.url).searchParams.get('org'));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const user = await ensureProfile();
  if (!user) return null; // the guard beside this loader sends the visitor to the login page
  if (user.currentOrganisationId === id) throw replace(pathTo('index'));
  try {
    await switchCurrentOrganisation(id);
  } catch {
    throw replace(pathTo('overview'));
  }
  // Everything in memory belongs to the old organisation: the app starts afresh there.
  window.location.assign(pathTo('index'));
  return new Promise<null>(() => undefined);
}
