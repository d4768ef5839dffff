import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RatingStars } from "../src/features/reviews/components/rating-stars";

const fillOf = (rating: number | null) => {
  const { unmount } = render(<RatingStars rating={rating} />);
  const stars = screen.getByRole("img");
  const fill = stars.style.getPropertyValue("--cw-stars-fill");
  const label = stars.getAttribute("aria-label");
  unmount();
  return { fill, label, children: stars.childElementCount };
};

describe("the widget's one-box stars", () => {
  it("fills whole 18 px tiles, and half a tile for a half star, as Stars rounds", () => {
    expect(fillOf(5).fill).toBe("90px");
    expect(fillOf(4.5).fill).toBe("81px");
    expect(fillOf(4.07).fill).toBe("72px");
    expect(fillOf(2.3).fill).toBe("45px");
    expect(fillOf(0).fill).toBe("0px");
    expect(fillOf(null).fill).toBe("0px");
  });

  it("is one element named with the rating", () => {
    expect(fillOf(4.5)).toEqual({ fill: "81px", label: "Note : 4,5 sur 5", children: 0 });
  });
});
