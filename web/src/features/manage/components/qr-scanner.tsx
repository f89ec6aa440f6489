import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CameraOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { decodeFrame, isNewScan, SCAN_INTERVAL_MS } from "../qr-decode";

type Props = { onCode: (code: string) => void };
type CameraState = "starting" | "scanning" | "not-a-ticket" | { problem: string };

// Frames are scaled down to this width before decoding: enough for a ticket held up close.
const DECODE_WIDTH = 640;

/** Why the camera cannot be used, in words a checker can act on. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return t`Camera access is blocked. Allow the camera for this site in your browser's settings, or type the code below.`;
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return t`No camera was found. Type or paste the code below.`;
  if (name === "NotReadableError") return t`The camera is in use by another app. Close it, or type the code below.`;
  return t`The camera couldn't start. Type or paste the code below.`;
}

/**
 * The camera's picture, with every fifth of a second decoded for a ticket's QR code (jsQR on
 * a canvas). Loaded only when a checker opens it; the camera stops when it closes.
 */
export default function QrScanner({ onCode }: Props) {
  const { t } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>("starting");
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last: { code: string; at: number } | null = null;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    const scan = () => {
      const v = video.current;
      if (stopped || !v || !context) return;
      if (v.readyState >= v.HAVE_ENOUGH_DATA && v.videoWidth > 0) {
        const scale = Math.min(1, DECODE_WIDTH / v.videoWidth);
        canvas.width = Math.round(v.videoWidth * scale);
        canvas.height = Math.round(v.videoHeight * scale);
        context.drawImage(v, 0, 0, canvas.width, canvas.height);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = decodeFrame(data, canvas.width, canvas.height);
        if (found.kind === "ticket") {
          setState("scanning");
          if (isNewScan(found.code, last, Date.now())) {
            last = { code: found.code, at: Date.now() };
            onCodeRef.current(found.code);
          }
        } else if (found.kind === "other") {
          setState("not-a-ticket");
        }
      }
      timer = setTimeout(scan, SCAN_INTERVAL_MS);
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        // Browsers offer the camera only on https (and localhost) pages.
        setState({ problem: t`This browser can't use the camera on this page. Type or paste the code below.` });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
        if (stopped) return stream.getTracks().forEach((t) => t.stop());
        const v = video.current;
        if (!v) return;
        v.srcObject = stream;
        await v.play();
        setState("scanning");
        scan();
      } catch (error) {
        if (!stopped) setState({ problem: cameraProblem(error) });
      }
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  if (typeof state === "object") {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <CameraOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {state.problem}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <div className="relative overflow-hidden rounded-lg bg-black">
        {/* muted + playsInline: iOS plays a camera stream inline only then. */}
        <video ref={video} muted playsInline aria-label={t`Camera`} className="aspect-[4/3] w-full object-cover" />
        <div aria-hidden="true" className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/80" />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {state === "starting" ? (
          <Trans>Starting the camera…</Trans>
        ) : state === "not-a-ticket" ? (
          <Trans>That QR code isn't a Gather ticket.</Trans>
        ) : (
          <Trans>Hold the ticket's QR code inside the frame.</Trans>
        )}
      </p>
    </div>
  );
}
