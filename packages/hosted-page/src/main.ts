/**
 * The hosted page's entry (GET /hpp/{session_id}). The gateway writes the session id and the
 * merchant's public client key into the document's meta tags; nothing else is needed.
 */
import './styles/index.css';
import { adoptCardFormStylesheets } from '@payments/embedded-fields/secure';
import './app';

// <ef-card-form>'s stylesheets: the element adopts none, the page that draws it does. The
// build has moved their rules into the page's stylesheet, after its own (build/card-form-css.ts),
// so the sheets adopted here are empty: this import is what puts those rules in the build.
adoptCardFormStylesheets(document);

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const app = document.createElement('hpp-app');
app.sessionId = meta('hpp-session-id');
app.clientKey = meta('hpp-client-key');
document.body.append(app);
