// No video provider (production without MUX_*; docs/decisions/video/video-providers-are-configuration.md > Video providers are
// configuration): every provider operation is refused with `video_provider_not_configured`
// (409, a Slovak reason), and publishing refuses courses with video blocks
// (server/authoring publishProblems). The webhook receiver gets a random secret, so no event
// is ever accepted.
import { DomainError } from "../kernel/errors";
import type { VideoProvider } from "./provider";

const refuse = (): never => {
  throw new DomainError("video_provider_not_configured");
};

export function createNoVideoProvider(): VideoProvider {
  return {
    name: "none",
    playback: refuse,
    preview: refuse,
    createUpload: async () => refuse(),
    createClip: async () => refuse(),
    cancelUpload: async () => refuse(),
  };
}

/** The provider's name for the block's records; refuses (409) before anything is recorded when there is none. */
export function configuredProviderName(provider: VideoProvider): "mux" | "local" {
  return provider.name === "none" ? refuse() : provider.name;
}
