import { useLingui } from "@lingui/react/macro";
import type { useMediaUpload } from "../hooks/use-media-upload";
import { CoverField } from "./cover-field";
import { EditorSection } from "./editor-section";
import { VideoField } from "./video-field";

type Upload = ReturnType<typeof useMediaUpload>;

export function MediaFields({ cover, video, eventExists }: { cover: Upload; video: Upload; eventExists: boolean }) {
  const { t } = useLingui();
  return (
    <EditorSection
      title={t`Cover and video`}
      intro={eventExists ? undefined : t`Files you choose now upload when you first save.`}
    >
      <CoverField upload={cover} canRetry={eventExists} />
      <VideoField upload={video} canRetry={eventExists} />
    </EditorSection>
  );
}
