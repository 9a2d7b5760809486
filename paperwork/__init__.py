"""PDF paperwork and the rating-commission table (coming with the paperwork issue)."""
