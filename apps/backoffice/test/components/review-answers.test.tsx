import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReviewAnswers } from "../../src/components/review-answers";
import { renderWithProviders } from "../support/render-app";

const photo = {
  url: "http://127.0.0.1/uploads/reviews/c/a.jpg",
  name: "salon.jpg",
  content_type: "image/jpeg",
};
const video = {
  url: "http://127.0.0.1/uploads/reviews/c/b.mp4",
  name: "demo.mp4",
  content_type: "video/mp4",
};

describe("ReviewAnswers", () => {
  it("shows photos as thumbnails opening full size and videos as players, not file names", () => {
    renderWithProviders(
      <ReviewAnswers
        fields={[
          { id: "title", label: "Titre de votre avis", type: "text", value: "Superbe" },
          { id: "media", label: "Photos et vidéos", type: "media", value: [photo, video] },
        ]}
      />,
    );
    const answers = screen.getByRole("region", { name: "Réponses :" });
    const open = within(answers).getByRole("link", { name: "Ouvrir la photo 1 en taille réelle" });
    expect(open).toHaveAttribute("href", photo.url);
    expect(open).toHaveAttribute("target", "_blank");
    expect(within(open).getByRole("img", { name: "Photo 1 : salon.jpg" })).toHaveAttribute("src", photo.url);
    const player = answers.querySelector("video");
    expect(player).toHaveAttribute("src", video.url);
    expect(player).toHaveAttribute("controls");
    expect(player).toHaveAccessibleName("Vidéo 2 : demo.mp4");
    expect(answers).not.toHaveTextContent("salon.jpg, demo.mp4");
    expect(answers).toHaveTextContent("Superbe");
  });
});
