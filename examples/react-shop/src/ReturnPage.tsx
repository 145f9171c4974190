/** Back from the wallet: the status the shop's backend reads from the gateway, not the URL's. */
import { useEffect, useState, type ReactNode } from 'react';
import { paymentStatus } from './api';
import { statusText, type textsFor } from './texts';

export function ReturnPage({ header, texts }: { header: ReactNode; texts: ReturnType<typeof textsFor> }) {
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('transaction_id');
    let live = true;
    if (id) paymentStatus(id).then((answer) => live && setStatus(answer.status), () => live && setStatus('FAILED'));
    else setStatus('FAILED');
    return () => {
      live = false;
    };
  }, []);
  return (
    <main>
      {header}
      <p role="status">{status ? statusText(texts, status) : texts.loading}</p>
      <a href="/">{texts.back}</a>
    </main>
  );
}
