/**
 * `mock-gateway events resend <delivery id> [--gateway URL]`: sends a webhook delivery again
 * (POST /__mock/webhooks/{id}/resend): the same delivery id and body, a new series of
 * attempts, to the webhook URL set now. Prints where it went; the attempts follow in the
 * dashboard and in `mock-gateway listen`.
 */
import type { DeliveryView } from '../webhooks/delivery-view';

export async function eventsResend(gateway: string, id: string, print: (line: string) => void = (line) => console.log(line)): Promise<DeliveryView> {
  const response = await fetch(new URL(`/__mock/webhooks/${encodeURIComponent(id)}/resend`, gateway), {
    method: 'POST',
    headers: { 'user-agent': 'mock-gateway-cli' },
  }).catch((error: unknown) => {
    throw new Error(`no gateway at ${gateway}: ${String(error)}`);
  });
  if (response.status === 404) throw new Error(`${gateway} has no webhook delivery ${id}`);
  const body = (await response.json().catch(() => ({}))) as { delivery?: DeliveryView; errors?: { message: string }[] };
  if (!response.ok || !body.delivery) throw new Error(`${gateway} answered ${response.status}: ${body.errors?.map((e) => e.message).join('; ') ?? 'no delivery'}`);
  print(`delivery ${body.delivery.id} (${body.delivery.event}) is being sent again to ${body.delivery.url} (resend ${body.delivery.resends})`);
  return body.delivery;
}
