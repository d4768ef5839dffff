import { describe, expect, it } from "vitest";
import {
  answerMedia,
  clampRating,
  displayAnswer,
  EMPTY_ANSWER,
  isTruthyAnswer,
  ratingOutOfFive,
  reviewPhotoUrls,
  starsString,
} from "./answer-display";

describe("displayAnswer", () => {
  it.each([
    ["text", null],
    ["text", undefined],
    ["text", ""],
    ["text", "   "],
    ["checkbox", []],
    ["checkbox", ["", null]],
    ["rating", null],
    ["boolean", undefined],
    ["date", ""],
  ])("empty %s %j shows the dash", (type, value) => {
    expect(displayAnswer(type, value)).toBe("—");
    expect(EMPTY_ANSWER).toBe("—");
  });

  it.each([
    ["checkbox", ["Rouge", "Vert", "Bleu"], "Rouge, Vert, Bleu"],
    ["checkbox", ["Seul"], "Seul"],
    ["select", ["A", "", "B"], "A, B"],
    ["file", [{ url: "/u/a.png", name: "a.png" }, { url: "/u/b.png" }], "a.png, /u/b.png"],
  ])("list %s %j → %j", (type, value, expected) => {
    expect(displayAnswer(type, value)).toBe(expected);
  });

  it.each([
    ["rating", 4, "4/5"],
    ["rating", "3.5", "3.5/5"],
    ["rating", 7, "5/5"],
    ["rating", -2, "0/5"],
    ["RATING", 4.256, "4.26/5"],
    ["note", 2, "2/5"],
    ["slider", 0, "0/5"],
  ])("rating %s %j → %j", (type, value, expected) => {
    expect(displayAnswer(type, value)).toBe(expected);
  });

  it.each([
    ["boolean", true, "Oui"],
    ["boolean", false, "Non"],
    ["boolean", "1", "Oui"],
    ["boolean", "0", "Non"],
    ["switch", "oui", "Oui"],
    ["switch", "OUI", "Oui"],
    ["boolean", "Yes", "Oui"],
    ["boolean", "no", "Non"],
    ["boolean", "peut-être", "Non"],
    ["boolean", 1, "Oui"],
    ["text", true, "Oui"],
  ])("boolean %s %j → %j", (type, value, expected) => {
    expect(displayAnswer(type, value)).toBe(expected);
  });

  it.each([
    ["date", "2026-11-23", {}, "23 nov. 2026"],
    ["date", "2026-01-05", { timeZone: "America/New_York" }, "5 janv. 2026"],
    ["date", "2026-11-23T14:05:00Z", { timeZone: "UTC" }, "23 nov. 2026"],
    ["time", "09:30", {}, "09:30"],
    ["time", "9:05:00", {}, "09:05"],
    ["time", "2026-11-23T14:05:00Z", { timeZone: "Europe/Paris" }, "15:05"],
  ])("date %s %j → %j", (type, value, options, expected) => {
    expect(displayAnswer(type, value, options)).toBe(expected);
  });

  it("formats datetimes in French with date and time", () => {
    const text = displayAnswer("datetime", "2026-11-23T14:05:00Z", { timeZone: "Europe/Paris" });
    expect(text).toContain("23 nov. 2026");
    expect(text).toContain("15:05");
  });

  it("shows unparsable dates as given", () => {
    expect(displayAnswer("date", "demain")).toBe("demain");
  });

  it.each([
    ["text", { a: 1, b: "x" }, '{"a":1,"b":"x"}'],
    ["file", { url: "/u/a.png" }, '{"url":"/u/a.png"}'],
    ["text", "  Bonjour ", "Bonjour"],
    ["number", 12, "12"],
    [undefined, "libre", "libre"],
  ])("other %s %j → %j", (type, value, expected) => {
    expect(displayAnswer(type, value)).toBe(expected);
  });
});

describe("rating helpers", () => {
  it.each([
    [4, 4],
    [5.5, 5],
    [-1, 0],
    ["2", 2],
    ["x", 0],
    [null, 0],
  ])("clampRating(%j) = %s", (value, expected) => {
    expect(clampRating(value)).toBe(expected);
  });

  it.each([
    [4, "★★★★☆"],
    [0, "☆☆☆☆☆"],
    [5, "★★★★★"],
    [9, "★★★★★"],
    [3.5, "★★★★☆"],
    [3.4, "★★★☆☆"],
  ])("starsString(%s) = %s", (value, expected) => {
    expect(starsString(value)).toBe(expected);
  });

  it("ratingOutOfFive", () => {
    expect(ratingOutOfFive(4)).toBe("4/5");
  });

  it.each([
    [true, true],
    ["TRUE", true],
    ["1", true],
    [" oui ", true],
    ["yes", true],
    [false, false],
    ["non", false],
    [null, false],
    [2, false],
  ])("isTruthyAnswer(%j) = %s", (value, expected) => {
    expect(isTruthyAnswer(value)).toBe(expected);
  });
});

describe("answerMedia / reviewPhotoUrls", () => {
  const photo = { url: "https://x.test/uploads/a.jpg", name: "a.jpg", content_type: "image/jpeg" };
  const video = { url: "https://x.test/uploads/b.mp4", name: "b.mp4", content_type: "video/mp4" };

  it("tells photos from videos and leaves out files without a URL", () => {
    expect(answerMedia([photo, video, { name: "c.png", content_type: "image/png" }, "x"])).toEqual([
      { url: photo.url, name: "a.jpg", kind: "image" },
      { url: video.url, name: "b.mp4", kind: "video" },
    ]);
    expect(answerMedia("a.jpg")).toEqual([]);
  });

  it("lists a review's photos only", () => {
    expect(reviewPhotoUrls({ note: 5, media: [video, photo], comment: "Bien" })).toEqual([photo.url]);
    expect(reviewPhotoUrls(null)).toEqual([]);
  });
});
