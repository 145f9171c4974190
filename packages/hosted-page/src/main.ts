/**
 * The hosted page's entry (GET /hpp/{session_id}). The gateway writes the session id and the
 * merchant's public client key into the document's meta tags; nothing else is needed.
 */
import './styles/index.css';
import './app';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

const app = document.createElement('hpp-app');
app.sessionId = meta('hpp-session-id');
app.clientKey = meta('hpp-client-key');
document.body.append(app);
