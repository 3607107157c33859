import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { EventStore } from '../../../../src/ports/eventStore.js';
import { alertStream, type AlertRaised } from '../../../../src/domain/alerts/events.js';

/** One POST the receiver got, with whether its signature verified with the Standard Webhooks library. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  verified: boolean;
  verifyError: string | null;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secret to verify with; until set, nothing verifies. */
  secret: string | null;
  /** Decides each answer; `hold` leaves the request unanswered (a worker killed mid-delivery). */
  answer: (received: Received) => number | 'hold';
  close(): Promise<void>;
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
  return headers;
}

/** A webhook receiver on a loopback port that verifies every delivery with the `standardwebhooks` reference library. */
export async function startReceiver(): Promise<Receiver> {
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    secret: null,
    answer: () => 204,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = headersOf(request);
      let verifyError: string | null = 'no secret';
      if (receiver.secret !== null) {
        try {
          new Webhook(receiver.secret).verify(body, headers);
          verifyError = null;
        } catch (error) {
          verifyError = (error as Error).message;
        }
      }
      const received = { headers, body, verified: verifyError === null, verifyError };
      receiver.received.push(received);
      const status = receiver.answer(received);
      if (status === 'hold') held.push(response);
      else response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Raises an alert as the alerts process would: one AlertRaised in the watch's stream for the day. */
export async function raiseAlert(eventStore: EventStore, reportId: string, date: string): Promise<AlertRaised['data']> {
  const data: AlertRaised['data'] = {
    alertId: `al_${date}`,
    reportId,
    watchId: 'wt_test',
    kind: 'coverage_drop',
    date,
    title: 'Coverage fell from 60 % to 30 %',
    statistics: { test: 'two-proportion z', pValue: 0.001 },
    evidence: { runs: [] },
    createdDate: `${date}T12:00:00.000Z`,
  };
  await eventStore.append(alertStream(data.watchId, date), [{ type: 'AlertRaised', data }], { expectedRevision: 'no_stream' });
  return data;
}
