#pragma once
// The similarity the portal shows ('{value} % match', slider 90–100, default 96: spec 03 §2, §9) from the cosine of
// two appearance embeddings: cosine −1..1 maps linearly to 0..100 %. Measured on the demo footage
// (docs/design/detection.md "Similarity"): the same person scores cosine 0.86 at p10 and 0.91 at p50 (93 %, 95.5 %),
// different people 0.80 at p50 and 0.89 at p90 (90 %, 94.5 %): the slider's 90 % shows most candidates, its default 96 %
// the closer half of true matches, 100 % only identical pictures.
namespace argus::objects {

//! 0..100, one decimal.
double similarity_percent(float cosine);
//! The cosine of a similarity given as a fraction 0..1 (a job's threshold).
float cosine_of_fraction(double fraction);

} // namespace argus::objects
