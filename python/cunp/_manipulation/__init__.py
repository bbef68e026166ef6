"""Array manipulation: shapes, transposes, joining and splitting, rearranging, padding."""
