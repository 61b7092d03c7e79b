import type { OutgoingMail } from './mail-repository.js';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One layout for every mail: the same paragraphs as plain text and as simple HTML with a button. */
function compose(
  to: string,
  subject: string,
  paragraphs: string[],
  action: { label: string; url: string },
): OutgoingMail {
  const text = [
    ...paragraphs.slice(0, 1),
    `${action.label}: ${action.url}`,
    ...paragraphs.slice(1),
    'Ihr SaldoPilot-Team',
  ].join('\n\n');
  const html = `<!doctype html><html lang="de-CH"><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:560px">
<p style="font-size:20px;font-weight:600">Saldo<span style="color:#dc2626">Pilot</span></p>
<p>${escapeHtml(paragraphs[0] ?? '')}</p>
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#10b981;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#52525b">Falls der Knopf nicht funktioniert, öffnen Sie diese Adresse: ${escapeHtml(action.url)}</p>
${paragraphs
  .slice(1)
  .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
  .join('\n')}
<p>Ihr SaldoPilot-Team</p></body></html>`;
  return { to, subject, text, html };
}

function link(publicUrl: string, path: string, query: Record<string, string>): string {
  const url = new URL(path, publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The mail with the link that finishes a registration. */
export function registrationMail(publicUrl: string, email: string, code: string): OutgoingMail {
  return compose(
    email,
    'Bestätigen Sie Ihre E-Mail-Adresse für SaldoPilot',
    [
      'Willkommen bei SaldoPilot! Bitte bestätigen Sie Ihre E-Mail-Adresse und wählen Sie ein Passwort, um Ihre Registrierung abzuschliessen.',
      'Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
      'Falls Sie sich nicht bei SaldoPilot registriert haben, können Sie diese E-Mail ignorieren.',
    ],
    { label: 'Registrierung abschliessen', url: link(publicUrl, '/auth/validate', { email, code }) },
  );
}

/** The mail with the link that sets a new password. */
export function passwordResetMail(publicUrl: string, email: string, code: string): OutgoingMail {
  return compose(
    email,
    'Anfrage zum Zurücksetzen Ihres SaldoPilot-Passworts',
    [
      'Sie haben angefragt, Ihr Passwort für SaldoPilot zurückzusetzen.',
      'Der Link ist 1 Stunde gültig und kann einmal verwendet werden.',
      'Falls Sie diese Anfrage nicht gestellt haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    ],
    { label: 'Neues Passwort setzen', url: link(publicUrl, '/auth/reset-password', { email, code }) },
  );
}

/** The mail that invites someone into an organisation. */
export function invitationMail(
  publicUrl: string,
  invitation: { email: string; organisationName: string; invitedByName: string; token: string },
): OutgoingMail {
  return compose(
    invitation.email,
    `Einladung zu ${invitation.organisationName} auf SaldoPilot`,
    [
      `${invitation.invitedByName} lädt Sie ein, der Organisation «${invitation.organisationName}» auf SaldoPilot beizutreten, um gemeinsam die Liquidität zu planen.`,
      'Die Einladung ist 7 Tage gültig.',
      'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ],
    { label: 'Einladung annehmen', url: link(publicUrl, '/auth/invitation', { token: invitation.token }) },
  );
}

/** An alert of the cockpit (docs/cockpit.md "Alerts"): the event's sentence and the link to the Übersicht. */
export function alertMail(
  publicUrl: string,
  email: string,
  organisation: { id: number; name: string },
  message: string,
): OutgoingMail {
  return compose(
    email,
    `SaldoPilot-Hinweis: ${organisation.name}`,
    [message, 'Sie erhalten diese E-Mail, weil Sie für diese Organisation Benachrichtigungen eingeschaltet haben.'],
    // The Übersicht switches to the organisation and opens its Prognose (docs/cockpit.md "Alerts").
    { label: 'Prognose öffnen', url: link(publicUrl, '/overview', { org: String(organisation.id) }) },
  );
}

/** The weekly digest (docs/cockpit.md "Weekly digest"): one line per organisation, the most urgent first. */
export function digestMail(publicUrl: string, email: string, lines: string[], changes: string[]): OutgoingMail {
  return compose(
    email,
    'SaldoPilot: Ihre Mandanten diese Woche',
    [
      'Ihre Organisationen, die dringendste zuerst:',
      lines.join('\n'),
      changes.length === 0 ? 'Seit letzter Woche unverändert.' : `Seit letzter Woche:\n${changes.join('\n')}`,
    ],
    { label: 'Übersicht öffnen', url: link(publicUrl, '/overview', {}) },
  );
}
