import { Trans } from "@lingui/react/macro";
import { Component, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type Props = { className?: string; children: ReactNode };

/**
 * When the map's code cannot load (offline on a first visit, a deploy replaced the chunk), say
 * so in the map's place instead of taking the whole page down with it.
 */
export class MapErrorBoundary extends Component<Props, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return <div key={this.state.attempt} className="contents">{this.props.children}</div>;
    return (
      <div
        role="alert"
        className={cn(
          "flex flex-col items-center justify-center gap-3 rounded-xl border border-border bg-muted p-4 text-center text-sm",
          this.props.className,
        )}
      >
        <p>
          <Trans>Couldn't load the map. Check your connection and try again.</Trans>
        </p>
        <Button variant="outline" size="sm" onClick={() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 }))}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
}
