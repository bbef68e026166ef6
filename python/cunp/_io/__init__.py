"""Input and output: .npy/.npz, text and binary files, printing and formatting."""
