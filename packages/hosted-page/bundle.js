// Where the built hosted payment page is, for a gateway that serves it: index.html (the
// document the gateway fills in per session at /hpp/{session_id}) and assets/ (/hpp/assets/*).
import { fileURLToPath } from 'node:url';

export const hostedPageDir = fileURLToPath(new URL('./dist/', import.meta.url));
