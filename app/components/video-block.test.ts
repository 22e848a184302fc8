// Which URLs switch the video block to Mux Player (server/video/mux.ts signs them).
import { describe, expect, it } from "vitest";
import { muxSource } from "./video-block";

describe("muxSource", () => {
  it("recognizes a signed Mux HLS URL and nothing else", () => {
    expect(muxSource("https://stream.mux.com/AbC123.m3u8?token=eyJh.eyJi.c2ln-_")).toEqual({ playbackId: "AbC123", token: "eyJh.eyJi.c2ln-_" });
    expect(muxSource("/local-video/play/demo.mp4?exp=1&sig=abc")).toBeNull();
    expect(muxSource("https://stream.mux.com/AbC123/highest.mp4?token=x")).toBeNull();
    expect(muxSource("https://evil.example/stream.mux.com/AbC123.m3u8?token=x")).toBeNull();
  });
});
