/**
 * `pnpm --filter @payments/example-react-shop start [--gateway URL]`: the React shop on
 * http://localhost:5174 (PORT; the demo shop has 5173), in front of the gateway at --gateway, or of a mock gateway it
 * starts on 127.0.0.1 (another site). Build the app first (`pnpm build`).
 */
import { startGateway } from '@payments/mock-gateway';
import { startReactShop } from './shop-server';

const at = process.argv.indexOf('--gateway');
const gatewayUrl = at > 0 ? process.argv[at + 1] : (await startGateway({ port: 0 })).url;
if (!gatewayUrl) throw new Error('--gateway needs a URL');
const shop = await startReactShop({ gatewayUrl, port: Number(process.env.PORT ?? 5174) });
console.log(`react shop on ${shop.url} (gateway ${gatewayUrl})`);
