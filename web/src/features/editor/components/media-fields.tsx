import type { useMediaUpload } from "../hooks/use-media-upload";
import { CoverField } from "./cover-field";
import { EditorSection } from "./editor-section";
import { VideoField } from "./video-field";

type Upload = ReturnType<typeof useMediaUpload>;

export function MediaFields({ cover, video, eventExists }: { cover: Upload; video: Upload; eventExists: boolean }) {
  return (
    <EditorSection
      title="Cover and video"
      intro={eventExists ? undefined : "Files you choose now upload when you first save."}
    >
      <CoverField upload={cover} canRetry={eventExists} />
      <VideoField upload={video} canRetry={eventExists} />
    </EditorSection>
  );
}
