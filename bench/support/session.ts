/**
 * A card-payment session on the bench's gateway for its merchant page: 10.00 EUR on the
 * fixture's TERM00001, the merchant page as originator (the only origin that may frame the
 * session's secure frames). Answers its id.
 */
import { uniqueReference, type GatewayClient } from '@payments/testing';

export async function createBenchSession(client: GatewayClient, merchantOrigin: string, reference = 'bench'): Promise<string> {
  const session = await client.createSession({
    terminal_id: 'TERM00001',
    reference: uniqueReference(reference),
    description: 'bench',
    currency: 'EUR',
    amount: 1000,
    transaction_type: 'PURCHASE',
    return_url: `${merchantOrigin}/return`,
    originator_url: merchantOrigin,
  });
  return session.id;
}
