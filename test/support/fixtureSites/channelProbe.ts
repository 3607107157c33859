import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What reached the listener, by the channel the bytes name. */
export interface ChannelHits {
  /** TCP connections, whatever they carried (a preconnect carries nothing). */
  tcpConnections: number;
  /** UDP datagrams. */
  udpPackets: number;
  /** Each hit under the channel its bytes name: the HTTP path's last segment, `stun`/`turn` for STUN messages, `silent` for a connection that sent nothing. */
  channels: string[];
}

export interface ChannelListener {
  port: number;
  hits: ChannelHits;
  close(): Promise<void>;
}

/** STUN messages (RFC 5389) start with a type whose two top bits are 0 and carry the magic cookie at offset 4. */
function stunChannel(bytes: Buffer): string | null {
  if (bytes.length < 20 || bytes.readUInt32BE(4) !== 0x2112a442) return null;
  return (bytes.readUInt16BE(0) & 0x3eef) === 0x0003 ? 'turn' : 'stun';
}

/** The channel an HTTP request names: `/probe/<channel>…` in its request line. */
function httpChannel(bytes: Buffer): string | null {
  const line = /^[A-Z]+ (\S+) HTTP\/1/.exec(bytes.subarray(0, 2048).toString('latin1'))?.[1];
  if (line === undefined) return null;
  return /\/probe\/([\w-]+)/.exec(line)?.[1] ?? `http:${line}`;
}

function classify(bytes: Buffer): string {
  // STUN over TCP is framed as is (RFC 5389 section 7.2.2).
  return stunChannel(bytes) ?? httpChannel(bytes) ?? 'other';
}

/**
 * A listener on 127.0.0.1 that counts every TCP connection and UDP datagram reaching one port (the same number for
 * both), and names the channel each came by, so a page's attempts to reach loopback outside the guard can be
 * counted. It answers nothing useful: reaching it at all is the failure.
 */
export async function startChannelListener(): Promise<ChannelListener> {
  const hits: ChannelHits = { tcpConnections: 0, udpPackets: 0, channels: [] };
  const sockets = new Set<Socket>();
  const tcp: Server = createServer((socket) => {
    hits.tcpConnections += 1;
    sockets.add(socket);
    let named = false;
    socket.on('data', (chunk: Buffer) => {
      if (named) return;
      named = true;
      hits.channels.push(classify(chunk));
      // Enough of an answer for an HTTP client to stop waiting; the count is what matters.
      socket.end('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
    });
    socket.on('close', () => {
      sockets.delete(socket);
      if (!named) hits.channels.push('silent');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as AddressInfo;
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', (message) => {
    hits.udpPackets += 1;
    hits.channels.push(`udp:${stunChannel(message) ?? 'other'}`);
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    hits,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => tcp.close(() => resolve())), new Promise<void>((resolve) => udp.close(() => resolve()))]);
    },
  };
}

/**
 * A page that tries every channel a page has to reach `target` (`127.0.0.1:<port>`): HTTP from the document, its
 * elements, CSS, forms, frames, workers of each kind and a beacon; WebSocket, EventSource, WebTransport; prefetch,
 * preconnect and DNS prefetch hints; WebRTC with STUN and TURN (UDP and TCP) servers at the target, from the page
 * and from a frame it creates. Each HTTP attempt names its channel in the path (`/probe/<channel>`), so the listener
 * says which one got through. The page writes `probes done` once every attempt has been started and given time to
 * go out.
 */
export function channelProbePage(target: string): string {
  const http = `http://${target}/probe`;
  const worker = (kind: string) =>
    `fetch('${http}/${kind}-fetch').catch(()=>{});try{new WebSocket('ws://${target}/probe/${kind}-ws')}catch(e){}` +
    `try{new EventSource('${http}/${kind}-eventsource')}catch(e){}` +
    `try{new WebTransport('https://${target}/probe/${kind}-webtransport').ready.catch(()=>{})}catch(e){}`;
  return `<!doctype html><html><head><title>probe</title>
<link rel="prefetch" href="${http}/prefetch">
<link rel="preload" as="fetch" href="${http}/preload">
<link rel="preconnect" href="http://${target}">
<link rel="dns-prefetch" href="http://probe-dns-prefetch.localhost:${target.split(':')[1]}">
<link rel="stylesheet" href="${http}/stylesheet">
<style>body{background:url('${http}/css-url')} @font-face{font-family:p;src:url('${http}/font')} p{font-family:p}</style>
</head><body>
<p>probe page</p>
<img src="${http}/img">
<iframe src="${http}/iframe"></iframe>
<form id="post" method="post" action="${http}/form-post" target="sink"><input name="a" value="b"></form>
<iframe name="sink"></iframe>
<video src="${http}/video" autoplay muted></video>
<script>
(async () => {
  const attempts = [];
  const attempt = (what) => { try { const result = what(); if (result && result.catch) result.catch(() => {}); } catch (e) {} };
  attempt(() => fetch('${http}/fetch', { mode: 'no-cors' }));
  attempt(() => { const x = new XMLHttpRequest(); x.open('GET', '${http}/xhr'); x.send(); });
  attempt(() => navigator.sendBeacon('${http}/beacon', 'x'));
  attempt(() => new WebSocket('ws://${target}/probe/websocket'));
  attempt(() => new EventSource('${http}/eventsource'));
  attempt(() => new WebTransport('https://${target}/probe/webtransport').ready);
  attempt(() => document.getElementById('post').submit());
  attempt(() => new Worker(URL.createObjectURL(new Blob([${JSON.stringify(worker('worker'))}], { type: 'text/javascript' }))));
  attempt(() => new SharedWorker(URL.createObjectURL(new Blob([${JSON.stringify(`onconnect=()=>{};${worker('sharedworker')}`)}], { type: 'text/javascript' }))));
  attempt(() => navigator.serviceWorker.register('/service-worker.js'));
  const iceServers = [
    { urls: 'stun:${target}' },
    { urls: ['turn:${target}?transport=udp', 'turn:${target}?transport=tcp'], username: 'probe', credential: 'probe' },
  ];
  const gather = async (scope) => {
    const Peer = scope.RTCPeerConnection || scope.webkitRTCPeerConnection;
    const peer = new Peer({ iceServers, iceCandidatePoolSize: 2 });
    peer.createDataChannel('probe');
    await peer.setLocalDescription(await peer.createOffer());
    (window.probePeers = window.probePeers || []).push(peer);
  };
  attempt(() => gather(window));
  // A frame's window made by the page's own script: a second copy of every constructor.
  attempt(() => { const frame = document.createElement('iframe'); document.body.append(frame); return gather(frame.contentWindow); });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  document.body.insertAdjacentHTML('beforeend', '<p id="done">probes done</p>');
})();
</script>
</body></html>`;
}

/** The service worker the probe page registers: it would fetch the target from the worker's own context. */
export function channelProbeServiceWorker(target: string): string {
  return `fetch('http://${target}/probe/serviceworker-fetch').catch(()=>{});`;
}
