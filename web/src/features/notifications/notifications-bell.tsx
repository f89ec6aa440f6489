import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "sonner";
import { errorMessage } from "@/lib/errors";
import { markRead, notificationKeys, notificationListOptions, unreadCountOptions, type AppNotification } from "./api/notifications-api";
import { NotificationList } from "./components/notification-list";
import { useLiveNotifications } from "./hooks/use-live-notifications";
import { badgeText, bellLabel } from "./notification-text";

/**
 * The header's bell: unread count, live; a popover with the latest notifications. Loaded as
 * its own chunk once a member is signed in (site-header's AccountNav).
 */
export default function NotificationsBell({ userId }: { userId: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadCountOptions(userId));
  const list = useQuery({ ...notificationListOptions(userId), enabled: open });
  useLiveNotifications(userId);
  const count = unread.data ?? 0;

  const mark = useMutation({
    mutationFn: (ids?: string[]) => markRead(ids),
    onMutate: (ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<AppNotification[]>(notificationKeys.list(userId), (old) =>
        old?.map((n) => (!n.read_at && (!ids || ids.includes(n.id)) ? { ...n, read_at: now } : n)),
      );
      queryClient.setQueryData<number>(notificationKeys.unread(userId), (n) => (ids ? Math.max(0, (n ?? 0) - ids.length) : 0));
    },
    onSuccess: (_changed, ids) => {
      if (!ids) toast.success(t`All notifications marked as read.`);
    },
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={bellLabel(count)}>
          <Bell aria-hidden="true" className="size-5" />
          {count > 0 && (
            <span
              aria-hidden="true"
              className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-semibold leading-5 text-white"
            >
              {badgeText(count)}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t`Notifications`}
          className="z-50 flex max-h-[min(32rem,calc(100dvh-6rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-background shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="font-semibold">
              <Trans>Notifications</Trans>
            </h2>
            <Button variant="ghost" size="sm" disabled={count === 0 || mark.isPending} onClick={() => mark.mutate(undefined)}>
              <CheckCheck aria-hidden="true" />
              <Trans>Mark all as read</Trans>
            </Button>
          </div>
          <NotificationList
            query={list}
            onRead={(id) => mark.mutate([id])}
            onNavigate={() => setOpen(false)}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
