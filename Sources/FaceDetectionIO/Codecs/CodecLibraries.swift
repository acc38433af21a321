// The codec libraries' system modules (Package.swift), imported only so that their module maps'
// `link` lines link them even where pkg-config is missing (SwiftPM then finds no linker flags for
// them); the C shims (CJPEG, CPNG, CHEIF, CWebP) are what call them.
internal import SystemHEIF
internal import SystemJPEG
internal import SystemPNG
internal import SystemWebP
