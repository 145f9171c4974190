/**
 * The shop: an order (a session from the backend), three ways to pay, a language switch that
 * relabels the payment form in place, and "New order" for a new session without a reload.
 * /return is where a wallet sends the shopper back.
 */
import { useEffect, useRef, useState } from 'react';
import { PaymentComponentProvider, type Locale } from '@payments/react';
import { getConfig, newOrder, type Order, type ShopConfig } from './api';
import { CardPayment } from './CardPayment';
import { ReturnPage } from './ReturnPage';
import { SavedCardPayment } from './SavedCardPayment';
import { SplitCardPayment } from './SplitCardPayment';
import { LOCALES, money, statusText, textsFor } from './texts';
import { WalletPayment } from './WalletPayment';

type Method = 'card' | 'splitCard' | 'savedCard' | 'wallet';

export function App() {
  const [locale, setLocale] = useState<Locale>('en-US');
  const [config, setConfig] = useState<ShopConfig | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [orderNumber, setOrderNumber] = useState(0);
  const [method, setMethod] = useState<Method>('card');
  const [result, setResult] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [largerText, setLargerText] = useState(false);
  const texts = textsFor(locale);
  // One order per "New order": StrictMode runs the effect below twice, and both runs share this request.
  const orders = useRef(new Map<number, Promise<[ShopConfig, Order]>>());

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = texts.title;
  }, [locale, texts.title]);

  useEffect(() => {
    let live = true;
    setOrder(null);
    setResult(null);
    let request = orders.current.get(orderNumber);
    if (!request) orders.current.set(orderNumber, (request = Promise.all([getConfig(), newOrder()])));
    request.then(
      ([shopConfig, next]) => {
        if (!live) return;
        setConfig(shopConfig);
        setOrder(next);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [orderNumber]);

  const onResult = (status: string, message?: string) => setResult(message ?? statusText(texts, status));
  const header = (
    <header>
      <h1>{texts.title}</h1>
      <label htmlFor="language">{texts.language}</label>{' '}
      <select id="language" value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
        {LOCALES.map(({ locale: value, name }) => (
          <option key={value} value={value}>
            {name}
          </option>
        ))}
      </select>
    </header>
  );

  if (window.location.pathname === '/return') return <ReturnPage header={header} texts={texts} />;
  return (
    <main>
      {header}
      {failed && <p role="alert">{texts.orderFailed}</p>}
      {!order || !config ? (
        !failed && <p>{texts.loading}</p>
      ) : (
        <PaymentComponentProvider clientKey={config.clientKey} gatewayUrl={config.gatewayUrl} environment="test" locale={locale}>
          <p>
            {texts.total}: <strong>{money(order.amount, order.currency, locale)}</strong>
          </p>
          <fieldset>
            <legend>{texts.method}</legend>
            {(['card', 'splitCard', 'savedCard', 'wallet'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="method" checked={method === value} onChange={() => setMethod(value)} /> {texts[value]}
              </label>
            ))}
          </fieldset>
          <label>
            <input type="checkbox" checked={largerText} onChange={(event) => setLargerText(event.target.checked)} /> {texts.largerText}
          </label>
          {method === 'card' && <CardPayment sessionId={order.sessionId} payLabel={texts.pay} largerText={largerText} onResult={onResult} />}
          {method === 'splitCard' && <SplitCardPayment sessionId={order.sessionId} payLabel={texts.pay} onResult={onResult} />}
          {method === 'savedCard' && <SavedCardPayment sessionId={order.sessionId} card={order.savedCard} payLabel={texts.pay} onResult={onResult} />}
          {method === 'wallet' && <WalletPayment sessionId={order.sessionId} payLabel={texts.payWallet} onResult={onResult} />}
          <p role="status">{result}</p>
          <button type="button" onClick={() => setOrderNumber((n) => n + 1)}>
            {texts.newOrder}
          </button>
        </PaymentComponentProvider>
      )}
    </main>
  );
}
