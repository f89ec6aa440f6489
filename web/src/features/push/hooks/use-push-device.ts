// This device's push state for the signed-in member, and turning it on or off. Asking for the
// browser's permission happens only here, when the member presses a button (decision 0338).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { forgetDevice, getPushKey, isMyDevice, pushKeys, saveDevice } from "../api/push-api";
import { applicationServerKey, pushSupported, sameKey, withTimeout } from "../push-support";

export type PushDeviceState =
  /** The browser has no Web Push (an older browser; iOS outside an installed app). */
  | "unsupported"
  /** The app's service worker is not running here (development, some private windows). */
  | "no_worker"
  /** The server has no VAPID keys: push is not set up there. */
  | "not_configured"
  /** The member blocked notifications for this site in the browser. */
  | "blocked"
  | "off"
  | "on";

/** How long the browser's push service gets to answer a subscription. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** How long a first visit waits for the app's worker, registered once the page is idle. */
const WORKER_WAIT_MS = 8_000;

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const now = await navigator.serviceWorker.getRegistration();
  if (now) return now;
  return withTimeout(navigator.serviceWorker.ready, WORKER_WAIT_MS).catch(() => undefined);
}

async function currentState(): Promise<PushDeviceState> {
  if (!pushSupported()) return "unsupported";
  const key = await getPushKey();
  if (!key) return "not_configured";
  if (Notification.permission === "denied") return "blocked";
  const reg = await registration();
  if (!reg) return "no_worker";
  const subscription = await reg.pushManager.getSubscription();
  if (!subscription || Notification.permission !== "granted" || !sameKey(subscription, key)) return "off";
  return (await isMyDevice(subscription.endpoint)) ? "on" : "off";
}

async function turnOn(): Promise<PushDeviceState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const key = await getPushKey();
  if (!key) return "not_configured";
  const reg = await registration();
  if (!reg) return "no_worker";
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  await saveDevice(subscription);
  return "on";
}

async function turnOff(): Promise<PushDeviceState> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (subscription) {
    await forgetDevice(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return "off";
}

export function usePushDevice(userId: string) {
  const queryClient = useQueryClient();
  const key = pushKeys.device(userId);
  const state = useQuery({ queryKey: key, queryFn: currentState, staleTime: 60_000 });
  const onSuccess = (next: PushDeviceState) => queryClient.setQueryData(key, next);
  const enable = useMutation({ mutationFn: turnOn, onSuccess });
  const disable = useMutation({ mutationFn: turnOff, onSuccess });
  return { state, enable, disable };
}
