import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { SharedChange } from '../changes/change-types.ts';
import type { BroadcastMessage, PhoenixMessage, Vsn } from '../protocol/messages.ts';
import { ProtocolError, encodeBroadcast, encodeChangeFrame, encodeText } from '../protocol/serializer.ts';
import type { ChannelTransport } from './channel-session.ts';

/**
 * What one socket's channels write to it: frames encoded for its protocol version, this tick's
 * frames corked into one write, and a consumer that stopped reading dropped (decision 0191).
 */
export class FrameWriter implements ChannelTransport {
  private corked = false;
  private readonly ws: WebSocket;
  private readonly vsn: Vsn;
  private readonly maxBufferedBytes: number;
  private readonly onSlowConsumer: () => void;
  /** False once the socket is being torn down: nothing more is written. */
  open = true;

  constructor(ws: WebSocket, vsn: Vsn, maxBufferedBytes: number, onSlowConsumer: () => void) {
    this.ws = ws;
    this.vsn = vsn;
    this.maxBufferedBytes = maxBufferedBytes;
    this.onSlowConsumer = onSlowConsumer;
  }

  push(message: PhoenixMessage): void {
    this.sendFrame(encodeText(message, this.vsn));
  }

  pushBroadcast(message: BroadcastMessage): void {
    let frame;
    try {
      frame = encodeBroadcast(message, this.vsn);
    } catch (err) {
      // A binary frame cannot carry a topic, event or metadata over 255 bytes: upstream drops it.
      if (err instanceof ProtocolError) return;
      throw err;
    }
    if (frame !== undefined) this.sendFrame(frame);
  }

  /** The frame is encoded once per change for every socket with the same topic, ids and version. */
  pushChange(topic: string, ids: number[], change: SharedChange): void {
    const key = `${this.vsn}\n${topic}\n${ids.join(',')}`;
    let frame = change.frames.get(key);
    if (!frame) {
      frame = Buffer.from(encodeChangeFrame(topic, ids, change.dataJson, this.vsn));
      change.frames.set(key, frame);
    }
    this.sendFrame(frame, true);
  }

  /** `text` marks bytes that are a text frame (an encoded JSON message), not a binary one. */
  private sendFrame(frame: string | Uint8Array, text = typeof frame === 'string'): void {
    if (!this.open || this.ws.readyState !== this.ws.OPEN) return;
    // A consumer that cannot keep up is dropped rather than buffered without bound (upstream
    // kills a socket process whose heap passes WEBSOCKET_MAX_HEAP_SIZE); it reconnects.
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.onSlowConsumer();
      this.ws.terminate();
      return;
    }
    this.cork();
    this.ws.send(frame, { binary: !text });
  }

  /**
   * Holds this tick's frames back and writes them together when it ends: a change fanned out to
   * a thousand sockets, or a batch of changes, costs one write per socket, not one per frame.
   */
  private cork(): void {
    if (this.corked) return;
    const socket = (this.ws as unknown as { _socket?: Socket })._socket;
    if (!socket || socket.destroyed) return;
    this.corked = true;
    socket.cork();
    process.nextTick(() => {
      this.corked = false;
      socket.uncork();
    });
  }
}
