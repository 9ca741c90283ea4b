// Placeholder so the target builds; its issue fills it in.
enum RastrilloNativeCLIPlaceholder {}
